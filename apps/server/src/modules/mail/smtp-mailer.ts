import nodemailer, { type Transporter } from 'nodemailer';
import { MailRefused, messageIdOf, type Letter, type Mailer } from './mailer.ts';

/** The domain of a From address (`Store <noreply@store.example>` or `noreply@store.example`). */
export function domainOf(from: string): string {
  const m = /@([^\s<>@]+)>?\s*$/.exec(from.trim());
  if (!m) throw new RangeError(`not a mail address: ${from}`);
  return m[1]!;
}

/**
 * Sends each letter to an SMTP server (`SMTP_URL`, smtp:// or smtps://user:pass@host:port) from
 * `MAIL_FROM`, with its text and HTML bodies, a Message-ID derived from its key and, for
 * subscription mail, a List-Unsubscribe header. The timeouts bound one attempt well inside the
 * outbox's lease, so a slow server is given up on before another sender may take the letter.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly domain: string;

  constructor(private readonly o: { url: string; from: string; timeoutMs?: number }) {
    const timeout = o.timeoutMs ?? 30_000;
    this.domain = domainOf(o.from);
    this.transport = nodemailer.createTransport({ url: o.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: 2 * timeout, dnsTimeout: timeout });
  }

  async send(letter: Letter): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.o.from,
        to: letter.to,
        subject: letter.subject,
        text: letter.text,
        html: letter.html,
        messageId: messageIdOf(letter.key, this.domain),
        ...(letter.listUnsubscribe ? { list: { unsubscribe: letter.listUnsubscribe } } : {}),
        // An https link takes a mail client's one-click POST (RFC 8058): the client may offer its own button.
        ...(letter.listUnsubscribe?.startsWith('http') ? { headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
      });
    } catch (err) {
      // A reply of the server (4xx or 5xx) is its refusal; without one the server was not reached.
      const code = (err as { responseCode?: unknown }).responseCode;
      if (typeof code === 'number' && code >= 400) throw new MailRefused((err as Error).message, code >= 500, code);
      throw err;
    }
  }

  close(): void {
    this.transport.close();
  }
}
