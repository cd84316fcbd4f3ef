import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxNotifications } from './schema.ts';

export interface Notification {
  /** Unique per message: a service that saw the key already drops the repeat. */
  key: string;
  userId: number;
  channels: readonly string[];
  text: string;
  /** Which message this is (`daily_case_ready`), for the record support reads. */
  kind?: string;
}

/**
 * The service cannot take the message now but may later: the outbox tries again after
 * `retryAfterMs` when the service said how long to wait, else after its lease.
 */
export class NotifyLater extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'NotifyLater';
  }
}

/**
 * The port to the services that reach players outside the site (e-mail, Steam, Telegram, VK,
 * web push). A real adapter delivers through them; `send` throws when the service refused, and
 * the outbox tries again later.
 */
export interface Notifier {
  send(message: Notification): Promise<void>;
}

/**
 * The sandbox service: it records each message once by its key in `sandbox_notifications`, where
 * tests and the operator command (`notifications`) read them. Like a real service it answers
 * after a short delay.
 */
export class SandboxNotifier implements Notifier {
  constructor(
    private readonly db: Db,
    private readonly delayMs = 20,
  ) {}

  async send(m: Notification): Promise<void> {
    await new Promise((r) => setTimeout(r, this.delayMs));
    await this.db.insert(sandboxNotifications).values({ key: m.key, userId: m.userId, channels: [...m.channels], text: m.text }).onConflictDoNothing();
  }
}

/** What the sandbox delivered, newest first (the operator command and the tests). */
export async function listSandboxNotifications(db: Db, userId?: number) {
  const q = db.select().from(sandboxNotifications);
  return (userId === undefined ? q : q.where(eq(sandboxNotifications.userId, userId))).orderBy(desc(sandboxNotifications.id)).limit(100);
}
