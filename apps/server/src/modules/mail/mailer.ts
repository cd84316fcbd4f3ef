import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxMail } from './schema.ts';

export interface Letter {
  /** Unique per letter: a service that saw the key already drops the repeat. */
  key: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * The port to the mail service. A real adapter hands the letter to a provider; `send` throws when
 * the provider refused it, so the caller can tell the player the letter did not go.
 */
export interface Mailer {
  send(letter: Letter): Promise<void>;
}

/**
 * The sandbox mail service: it records each letter once by its key in `sandbox_mail`, where tests
 * and the operator read them. Like a real service it answers after a short delay.
 */
export class SandboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly delayMs = 20,
  ) {}

  async send(letter: Letter): Promise<void> {
    await new Promise((r) => setTimeout(r, this.delayMs));
    await this.db.insert(sandboxMail).values(letter).onConflictDoNothing();
  }
}

/** What the sandbox delivered, newest first, to one address or to anyone. */
export async function listSandboxMail(db: Db, to?: string) {
  const q = db.select().from(sandboxMail);
  return (to === undefined ? q : q.where(eq(sandboxMail.to, to))).orderBy(desc(sandboxMail.id)).limit(100);
}
