import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the test's SMTP server received it, parsed from what came over the wire. */
export interface ArrivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  listUnsubscribe: string | null;
  /** The List-Unsubscribe-Post header (RFC 8058's one click), as it came. */
  listUnsubscribePost: string | null;
}

/** How the server answers a message instead of taking it: an SMTP reply code and its words. */
export type Refusal = { code: number; message: string };

const addresses = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a : a ? [a] : []).map((x) => x.text).join(', ');

/**
 * A local SMTP server for the mail tests (the `smtp-server` package): it asks for the store's
 * login, parses each message it takes, and refuses at RCPT (`atRecipient`, as a server refuses an
 * unknown mailbox) or after DATA (`afterData`, as a busy server says "try later"), per message.
 */
export async function startSmtpServer() {
  const arrived: ArrivedMail[] = [];
  const rules: { atRecipient?: (to: string) => Refusal | null; afterData?: () => Refusal | null } = {};
  const refusal = (r: Refusal) => Object.assign(new Error(r.message), { responseCode: r.code });
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'store' && auth.password === 'smtp-secret') callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid login'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const r = rules.atRecipient?.(address.address);
      callback(r ? refusal(r) : null);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (m) => {
          const r = rules.afterData?.();
          if (r) return callback(refusal(r));
          // The header as it came, not mailparser's reading of it.
          const header = m.headerLines.find((h) => h.key === 'list-unsubscribe');
          const post = m.headerLines.find((h) => h.key === 'list-unsubscribe-post');
          arrived.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((x) => x.address),
            from: addresses(m.from),
            to: addresses(m.to),
            subject: m.subject ?? '',
            text: m.text ?? '',
            html: typeof m.html === 'string' ? m.html : '',
            messageId: m.messageId ?? '',
            listUnsubscribe: header ? header.line.slice(header.line.indexOf(':') + 1).trim() : null,
            listUnsubscribePost: post ? post.line.slice(post.line.indexOf(':') + 1).trim() : null,
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://store:smtp-secret@127.0.0.1:${port}`,
    arrived,
    rules,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
