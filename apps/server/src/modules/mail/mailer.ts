import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxMail } from './schema.ts';

export interface Letter {
  /** Unique per letter: the outbox records a key once, and the provider sees the same message for it. */
  key: string;
  to: string;
  /** The player it is for, when it is for one: support finds their mail by it. */
  userId?: number | null;
  /** Which letter this is (`email-confirmation`), for the record. */
  template: string;
  subject: string;
  /** The plain-text body and the HTML one, in the player's language. */
  text: string;
  html: string;
  /** Subscription mail only: where the player unsubscribes (https: or mailto:), sent as List-Unsubscribe. */
  listUnsubscribe?: string | null;
}

/**
 * The mail service said no. `permanent` (an SMTP 5xx) means it will say no again, so nobody retries;
 * a temporary refusal (4xx) and an unreachable service are tried again later.
 */
export class MailRefused extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'MailRefused';
  }
}

/**
 * The port to the mail service. An adapter hands the letter to a provider (SMTP, the sandbox); the
 * outbox is the same port for the modules that send, recording each letter before handing it on.
 * `send` throws `MailRefused` when the provider refused it, anything else when it was unreachable.
 */
export interface Mailer {
  send(letter: Letter): Promise<void>;
}

/**
 * The Message-ID of a letter, the same at every attempt: a letter sent again after its sender died
 * mid-send reaches the provider and the reader as the same message (decision 069).
 */
export function messageIdOf(key: string, domain: string): string {
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
}

/** What the sandbox answers a letter with, instead of taking it: tests make it refuse like a real server. */
export type SandboxRefusal = (letter: Letter) => { code: number; message: string } | null;

/**
 * The sandbox mail service: it records each letter once by its key in `sandbox_mail`, where tests
 * and the operator read them. Like a real service it answers after a short delay, and may refuse.
 */
export class SandboxMailer implements Mailer {
  private readonly delayMs: number;
  private readonly refuse: SandboxRefusal | undefined;

  constructor(
    private readonly db: Db,
    opts: { delayMs?: number; refuse?: SandboxRefusal } = {},
  ) {
    this.delayMs = opts.delayMs ?? 20;
    this.refuse = opts.refuse;
  }

  async send(letter: Letter): Promise<void> {
    await new Promise((r) => setTimeout(r, this.delayMs));
    const refusal = this.refuse?.(letter);
    if (refusal) throw new MailRefused(`${refusal.code} ${refusal.message}`, refusal.code >= 500, refusal.code);
    const { key, to, subject, text, html, listUnsubscribe } = letter;
    await this.db.insert(sandboxMail).values({ key, to, subject, text, html, listUnsubscribe: listUnsubscribe ?? null }).onConflictDoNothing();
  }
}

/** What the sandbox delivered, newest first, to one address or to anyone. */
export async function listSandboxMail(db: Db, to?: string) {
  const q = db.select().from(sandboxMail);
  return (to === undefined ? q : q.where(eq(sandboxMail.to, to))).orderBy(desc(sandboxMail.id)).limit(100);
}
