import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { Clock } from '../../platform/clock.ts';
import { PeriodicJob } from '../../platform/periodic-job.ts';
import { findCasesByIds } from '../catalogue/find-cases.ts';
import { languagesOf } from '../users/accounts.ts';
import { enabledChannels, getDailyPreferences } from './notification-preferences.ts';
import { NotifyLater, type Notifier } from './notifier.ts';
import { dailyCaseClaims, notificationOutbox } from './schema.ts';

const BATCH = 100;
/** How long a message taken for sending stays with that sender before another may retry it. */
const LEASE_MS = 60_000;
const POLL_MS = 5_000;
/** Attempts before a message some channel keeps refusing is given up as failed (about ten minutes at the lease). */
const MAX_ATTEMPTS = 10;

const readyText = (lang: 'ru' | 'en', names: string[]) =>
  names.length === 1
    ? lang === 'en'
      ? `Your daily case ${names[0]} is ready: open it for free`
      : `Ежедневный кейс ${names[0]} готов: откройте его бесплатно`
    : lang === 'en'
      ? `${names.length} daily cases are ready: ${names.join(', ')}`
      : `Готово ежедневных кейсов: ${names.length} (${names.join(', ')})`;

/**
 * "Your daily case is ready" messages, as a durable job in two steps. `schedule` finds the claims
 * whose day has passed and that were not reminded of, and in one transaction marks them and
 * writes one outbox message per player (for the channels the player turned on): a claim is
 * reminded of once per `ready_at`, never before it. `deliver` hands due outbox messages to the
 * notifier under a lease, and marks them sent; a crash after the service took one repeats it with
 * the same key, which the service drops. A message refused for now waits the service's `retry_after`
 * or the lease, and is given up as failed after MAX_ATTEMPTS. Any number of processes may run this.
 */
export class DailyReminders {
  private readonly job: PeriodicJob;

  constructor(private readonly deps: { db: Db; clock: Clock; notifier: Notifier; log: FastifyBaseLogger; pollMs?: number }) {
    this.job = new PeriodicJob({ everyMs: deps.pollMs ?? POLL_MS, run: () => this.tick(), log: deps.log, failure: 'daily case reminders failed; they will retry' });
  }

  /** Runs a pass now and then every POLL_MS until `close`; starting a running job does nothing. */
  start(): void {
    this.job.start();
  }

  close(): Promise<void> {
    return this.job.close();
  }

  /**
   * Resolves when the background pass under way (if any) has ended. A pass called by hand skips
   * the claims and messages a background pass holds (skip locked), so whoever reads what was sent
   * right after it waits for both.
   */
  settled(): Promise<void> {
    return this.job.settled();
  }

  /** One pass: schedule what became due, then deliver. Returns how many messages went out. */
  async tick(): Promise<number> {
    while ((await this.schedule()) === BATCH);
    let sent = 0;
    for (let n; (n = await this.deliver()) > 0; ) sent += n;
    return sent;
  }

  async schedule(): Promise<number> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const due = await rows<{ user_id: number; case_id: number; ready_at: string | Date }>(
        tx,
        sql`select user_id, case_id, ready_at from daily_case_claims
             where reminded_at is null and ready_at <= ${now.toISOString()}::timestamptz
             order by ready_at limit ${BATCH} for update skip locked`,
      );
      if (!due.length) return 0;
      const byUser = new Map<number, typeof due>();
      for (const d of due) byUser.set(d.user_id, [...(byUser.get(d.user_id) ?? []), d]);
      const [caseRows, langs] = await Promise.all([findCasesByIds(tx, due.map((d) => d.case_id)), languagesOf(tx, byUser.keys())]);
      const cases = new Map(caseRows.map((c) => [c.id, c]));
      for (const [userId, claims] of byUser) {
        const channels = enabledChannels(await getDailyPreferences(tx, userId));
        if (channels.length) {
          const lang = langs.get(userId) ?? 'ru';
          const names = claims.map((c) => (lang === 'en' ? cases.get(c.case_id)?.nameEn : cases.get(c.case_id)?.nameRu) ?? '');
          const key = `daily-ready:${userId}:${claims.map((c) => `${c.case_id}@${new Date(c.ready_at).getTime()}`).join(',')}`;
          await tx.insert(notificationOutbox).values({ key, userId, kind: 'daily_case_ready', channels, text: readyText(lang, names) }).onConflictDoNothing();
        }
        await tx
          .update(dailyCaseClaims)
          .set({ remindedAt: now })
          .where(and(eq(dailyCaseClaims.userId, userId), inArray(dailyCaseClaims.caseId, claims.map((c) => c.case_id)), isNull(dailyCaseClaims.remindedAt)));
      }
      return due.length;
    });
  }

  async deliver(): Promise<number> {
    const { db, notifier, clock } = this.deps;
    const now = clock.now();
    const taken = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: notificationOutbox.id })
        .from(notificationOutbox)
        .where(and(eq(notificationOutbox.state, 'queued'), lte(notificationOutbox.nextAttemptAt, now)))
        .orderBy(asc(notificationOutbox.id))
        .limit(20)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      return tx
        .update(notificationOutbox)
        .set({ attempts: sql`${notificationOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(inArray(notificationOutbox.id, due.map((d) => d.id)))
        .returning();
    });
    let sent = 0;
    for (const m of taken) {
      // The outcome is written only while this pass still holds the message (its attempt is the last).
      const mine = and(eq(notificationOutbox.id, m.id), eq(notificationOutbox.attempts, m.attempts), eq(notificationOutbox.state, 'queued'));
      try {
        await notifier.send({ key: m.key, userId: m.userId, channels: m.channels, text: m.text, kind: m.kind });
        await db.update(notificationOutbox).set({ state: 'sent', sentAt: clock.now(), lastError: null }).where(mine);
        sent++;
      } catch (err) {
        const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
        const givenUp = m.attempts >= MAX_ATTEMPTS;
        const retryAfterMs = err instanceof NotifyLater ? err.retryAfterMs : null;
        await db
          .update(notificationOutbox)
          .set(givenUp ? { state: 'failed', lastError } : { lastError, ...(retryAfterMs !== null ? { nextAttemptAt: new Date(clock.now().getTime() + retryAfterMs) } : {}) })
          .where(mine);
        this.deps.log.warn({ err, key: m.key, attempts: m.attempts }, givenUp ? 'a notification failed for good' : 'a notification was refused; it will be retried');
      }
    }
    return sent;
  }
}

/** A player's notification messages, newest first, for support (the notifications module's record of outgoing messages). */
export async function listNotificationsOf(db: Db, userId: number) {
  return db
    .select({
      id: notificationOutbox.id,
      key: notificationOutbox.key,
      kind: notificationOutbox.kind,
      channels: notificationOutbox.channels,
      state: notificationOutbox.state,
      attempts: notificationOutbox.attempts,
      lastError: notificationOutbox.lastError,
      createdAt: notificationOutbox.createdAt,
      sentAt: notificationOutbox.sentAt,
    })
    .from(notificationOutbox)
    .where(eq(notificationOutbox.userId, userId))
    .orderBy(desc(notificationOutbox.id))
    .limit(100);
}
