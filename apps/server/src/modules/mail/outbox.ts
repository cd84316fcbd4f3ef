import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { PeriodicJob } from '../../platform/periodic-job.ts';
import { MailRefused, type Letter, type Mailer } from './mailer.ts';
import { mailOutbox } from './schema.ts';

type OutboxRow = typeof mailOutbox.$inferSelect;

export interface OutboxSettings {
  /** Attempts before a message that keeps being refused for now (4xx, unreachable) is given up as failed. */
  maxAttempts: number;
  /** How long a sender holds a message it took; past it, the sender is taken for dead and another may send. */
  leaseMs: number;
  /** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
  backoffMs: (attempts: number) => number;
  /** How often the worker looks for due messages when nothing wakes it. */
  everyMs: number;
  /**
   * How long `send` waits for its first attempt: a slow or unreachable mail server must not hold
   * the player's request for its whole timeout. Past it the attempt goes on by itself.
   */
  answerWithinMs: number;
}

/** Half a minute, doubling to an hour: ten attempts span about four and a half hours. */
export const DEFAULT_OUTBOX: OutboxSettings = {
  maxAttempts: 10,
  leaseMs: 10 * 60_000,
  backoffMs: (attempts) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000),
  everyMs: 5_000,
  answerWithinMs: 5_000,
};

const letterOf = (row: OutboxRow): Letter => ({
  key: row.key,
  to: row.recipient,
  userId: row.userId,
  template: row.template,
  subject: row.subject,
  text: row.text,
  html: row.html,
  listUnsubscribe: row.listUnsubscribe,
});

/** A letter as its outbox row, taken (`sending`, its first attempt counted) or waiting (`queued`). */
const recordOf = (
  letter: Letter,
  at: { state: 'sending' | 'queued'; attempts: number; dueAt: Date; updatedAt: Date },
): typeof mailOutbox.$inferInsert => ({
  key: letter.key,
  userId: letter.userId ?? null,
  channel: 'email',
  template: letter.template,
  recipient: letter.to,
  subject: letter.subject,
  text: letter.text,
  html: letter.html,
  listUnsubscribe: letter.listUnsubscribe ?? null,
  ...at,
});

/**
 * The durable outbox (decision 069), the `Mailer` the other modules send through. `send` records
 * the message already taken by this sender and makes the first attempt at once; a message the
 * provider refused for now waits its backoff, and the worker sends it when due. A sender takes a
 * message by one conditional update that counts the attempt and sets its lease, and writes the
 * outcome only while that attempt is still the message's last, so two senders never both own it.
 */
export class MailOutbox implements Mailer {
  readonly worker: PeriodicJob;
  private readonly settings: OutboxSettings;

  constructor(
    private readonly o: { db: Db; provider: Mailer; clock: Clock; log: FastifyBaseLogger; settings?: Partial<OutboxSettings> },
  ) {
    this.settings = { ...DEFAULT_OUTBOX, ...o.settings };
    this.worker = new PeriodicJob({ everyMs: this.settings.everyMs, run: () => this.sendDue(), log: o.log, failure: 'mail outbox pass failed' });
  }

  /**
   * Records the letter and tries it once. Resolves once it is sent or waits for a retry, or once
   * `answerWithinMs` has passed with the attempt still running (it finishes and writes its outcome
   * by itself); throws `MailRefused` when the provider refused it for good at once, so the caller can
   * say so. A key recorded before is left to whoever has it.
   */
  async send(letter: Letter): Promise<void> {
    const now = this.o.clock.now();
    const [row] = await this.o.db
      .insert(mailOutbox)
      .values(recordOf(letter, { state: 'sending', attempts: 1, dueAt: new Date(now.getTime() + this.settings.leaseMs), updatedAt: now }))
      .onConflictDoNothing({ target: mailOutbox.key })
      .returning();
    if (!row) return;
    const attempt = this.attempt(row).catch((err: unknown) => {
      // The outcome could not be written (the database went away): the lease hands the letter to the worker.
      this.o.log.error({ err, mail: row.id }, 'mail attempt outcome not recorded');
      return 'retrying' as const;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), this.settings.answerWithinMs)));
    const outcome = await Promise.race([attempt, late]).finally(() => clearTimeout(timer));
    if (outcome instanceof MailRefused && outcome.permanent) throw outcome;
  }

  /**
   * Records a letter inside the caller's transaction, due at once: it exists exactly when what it
   * tells of committed, and the worker sends it (wake it after the commit). A key recorded before
   * is left as it is.
   */
  async enqueue(tx: Executor, letter: Letter): Promise<void> {
    const now = this.o.clock.now();
    await tx
      .insert(mailOutbox)
      .values(recordOf(letter, { state: 'queued', attempts: 0, dueAt: now, updatedAt: now }))
      .onConflictDoNothing({ target: mailOutbox.key });
  }

  /** One pass of the worker: takes due messages one at a time, each under its own lease, and tries them. */
  async sendDue(limit = 100): Promise<{ sent: number; retrying: number; failed: number }> {
    const done = { sent: 0, retrying: 0, failed: 0 };
    for (let i = 0; i < limit; i++) {
      const row = await this.takeDue();
      if (!row) break;
      const outcome = await this.attempt(row);
      if (outcome === 'sent') done.sent++;
      else if (outcome === 'retrying') done.retrying++;
      else done.failed++;
    }
    return done;
  }

  /**
   * A queued message whose backoff has passed, or one whose sender's lease ran out. Chosen and taken
   * in one transaction, by id: as a subquery of the update, the `limit 1 ... skip locked` choice may
   * be made again for every row the update looks at (each time skipping the row just taken), and
   * then takes every due message while answering one, leaving the rest held until their lease ran out.
   */
  private async takeDue(): Promise<OutboxRow | undefined> {
    const now = this.o.clock.now();
    const due = and(inArray(mailOutbox.state, ['queued', 'sending']), lte(mailOutbox.dueAt, now));
    return this.o.db.transaction(async (tx) => {
      const [next] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(due).orderBy(mailOutbox.dueAt).limit(1).for('update', { skipLocked: true });
      if (!next) return undefined;
      const [row] = await tx
        .update(mailOutbox)
        .set({ state: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, dueAt: new Date(now.getTime() + this.settings.leaseMs), updatedAt: now })
        .where(and(eq(mailOutbox.id, next.id), due))
        .returning();
      return row;
    });
  }

  /** Hands the taken message to the provider and writes what came of it, fenced by the attempt it was taken with. */
  private async attempt(row: OutboxRow): Promise<'sent' | 'retrying' | MailRefused | Error> {
    const mine = and(eq(mailOutbox.id, row.id), eq(mailOutbox.state, 'sending'), eq(mailOutbox.attempts, row.attempts));
    try {
      await this.o.provider.send(letterOf(row));
    } catch (caught) {
      const err = caught instanceof Error ? caught : new Error(String(caught));
      const now = this.o.clock.now();
      const givenUp = (err instanceof MailRefused && err.permanent) || row.attempts >= this.settings.maxAttempts;
      await this.o.db
        .update(mailOutbox)
        .set(
          givenUp
            ? { state: 'failed', lastError: err.message.slice(0, 1000), updatedAt: now }
            : { state: 'queued', lastError: err.message.slice(0, 1000), dueAt: new Date(now.getTime() + this.settings.backoffMs(row.attempts)), updatedAt: now },
        )
        .where(mine);
      this.o.log.warn({ err, mail: row.id, template: row.template, attempts: row.attempts }, givenUp ? 'mail failed for good' : 'mail refused for now; retrying');
      return givenUp ? err : 'retrying';
    }
    const now = this.o.clock.now();
    await this.o.db.update(mailOutbox).set({ state: 'sent', sentAt: now, lastError: null, updatedAt: now }).where(mine);
    return 'sent';
  }
}

/** Every message recorded, newest first: one player's, one address's, or anyone's (support reads them). */
export async function listOutgoingMail(db: Db, by: { userId?: number; to?: string } = {}) {
  const where = by.userId !== undefined ? eq(mailOutbox.userId, by.userId) : by.to !== undefined ? eq(mailOutbox.recipient, by.to) : undefined;
  return db
    .select({
      id: mailOutbox.id,
      userId: mailOutbox.userId,
      channel: mailOutbox.channel,
      template: mailOutbox.template,
      to: mailOutbox.recipient,
      subject: mailOutbox.subject,
      state: mailOutbox.state,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.id))
    .limit(100);
}
