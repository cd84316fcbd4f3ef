import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { PeriodicJob } from '../../platform/periodic-job.ts';
import { activities, activityConsumers } from './schema.ts';

export type ActivityRow = typeof activities.$inferSelect;

/**
 * A reader of the activity stream (experience, leaderboard scores, battle-pass tasks...). Its
 * `handle` runs in the same transaction that moves its position, so what it writes and how far it
 * got commit together: each row is handled once, and a crash mid-batch rolls both back.
 *
 * A consumer on the hot path may instead `consume` a whole batch in one statement that reads the
 * rows after its position, writes, and moves the position together (`oneStatementConsumer` writes
 * all but its own steps). On the embedded database a transaction holds the only connection
 * between its round trips, so a batch of several round trips costs every request waiting behind
 * it (decision 015).
 */
export type ActivityConsumer = {
  name: string;
  /** Rows per transaction; a long way behind, the consumer catches up in steps of this size. */
  batchSize?: number;
  /**
   * Runs at most once per this many milliseconds, taking what came meanwhile in one batch: a
   * reader whose results may lag a moment (scores) then costs the games a few statements a second
   * instead of one per game, and each player's rows of the moment become one write.
   */
  everyMs?: number;
} & (
  | {
      /** May return what to do once the batch has committed (tell players of what it paid): never before. */
      handle(tx: Tx, batch: readonly ActivityRow[]): Promise<void | (() => void)>;
      /**
       * The only kinds it reads (a receipt reads deposits): it is handed just those, and moves past
       * the rest by their keys alone, so the games' own rows are never loaded for it.
       */
      kinds?: readonly string[];
    }
  | { consume(db: Db, limit: number): Promise<number> }
);

const DEFAULT_BATCH = 200;
/** How long the runner sleeps when the stream is quiet: rows of other processes are seen this soon. */
const POLL_MS = 500;
/** The longest pause after failures in a row, so a broken consumer does not spin. */
const MAX_BACKOFF_MS = 30_000;

/**
 * Hands the next batch of the stream to one consumer, in one transaction: takes the consumer's
 * position row (`for update skip locked`: another process on the same consumer makes this one
 * step aside), reads the rows after it in (tx_id, id) order but only those written by
 * transactions older than every transaction still running, calls `handle`, and moves the
 * position to the last row. Rows of a rolled-back action never exist; a row committed late has a
 * transaction id at or above the horizon, so it waits rather than being passed over. Returns how
 * many rows it handled (0: nothing due, or another process holds the consumer).
 */
export async function consumeBatch(db: Db, consumer: ActivityConsumer, opts: { knownBehind?: boolean } = {}): Promise<number> {
  // A quiet stream costs one read: no lock, no write, until there is something to hand over. The
  // runner has asked already (`consumersBehind`) and says so: its consumer's position row exists.
  const known = opts.knownBehind ? true : (await db.select().from(activityConsumers).where(eq(activityConsumers.name, consumer.name)))[0];
  if (known && known !== true && !(await hasRowsAfter(db, known.lastTxId, known.lastId))) return 0;
  if ('consume' in consumer) {
    if (!known) await db.insert(activityConsumers).values({ name: consumer.name }).onConflictDoNothing();
    return consumer.consume(db, consumer.batchSize ?? DEFAULT_BATCH);
  }
  const after: { run?: void | (() => void) } = {};
  const handled = await db.transaction(async (tx) => {
    await tx.insert(activityConsumers).values({ name: consumer.name }).onConflictDoNothing();
    const [position] = await rows<{ last_tx_id: number | string; last_id: number | string }>(
      tx,
      sql`select last_tx_id, last_id from activity_consumers where name = ${consumer.name} for update skip locked`,
    );
    if (!position) return 0;
    const dueRows = due(Number(position.last_tx_id), Number(position.last_id));
    const limit = consumer.batchSize ?? DEFAULT_BATCH;
    const order = [asc(activities.txId), asc(activities.id)] as const;
    const kinds = consumer.kinds;
    const window = kinds
      ? await tx.select({ txId: activities.txId, id: activities.id, kind: activities.kind }).from(activities).where(dueRows).orderBy(...order).limit(limit)
      : await tx.select().from(activities).where(dueRows).orderBy(...order).limit(limit);
    if (!window.length) return 0;
    const last = window[window.length - 1]!;
    const wanted = kinds ? window.filter((row) => kinds.includes(row.kind)).map((row) => row.id) : null;
    const batch = !wanted
      ? (window as ActivityRow[])
      : wanted.length
        ? await tx.select().from(activities).where(inArray(activities.id, wanted)).orderBy(...order)
        : [];
    if (batch.length) after.run = await consumer.handle(tx, batch);
    await tx
      .update(activityConsumers)
      .set({ lastTxId: last.txId, lastId: last.id, handled: sql`${activityConsumers.handled} + ${batch.length}`, updatedAt: new Date() })
      .where(eq(activityConsumers.name, consumer.name));
    return window.length;
  });
  if (typeof after.run === 'function') after.run();
  return handled;
}

/** The oldest transaction still running: every row below it is final (see `consumeBatch`). */
const HORIZON = '(pg_snapshot_xmin(pg_current_snapshot())::text)::bigint';

/** Rows after a position that no running transaction can still precede (see `consumeBatch`). */
const due = (lastTxId: number, lastId: number) =>
  and(
    sql`(${activities.txId}, ${activities.id}) > (${lastTxId}::bigint, ${lastId}::bigint)`,
    sql`${activities.txId} < ${sql.raw(HORIZON)}`,
  );

/**
 * The same condition in raw SQL, for a one-statement batch (`one-statement-consumer.ts`): rows of
 * `activities` (as `alias`) after the position in `position` (a row with last_tx_id and last_id).
 */
export const dueAfter = (alias: string, position: string) =>
  sql.raw(`(${alias}.tx_id, ${alias}.id) > (${position}.last_tx_id, ${position}.last_id) and ${alias}.tx_id < ${HORIZON}`);

/**
 * Whether consumer `name` has handled every activity made before `at`: a job that closes a
 * period (a leaderboard, an event) waits for this, so a game of the period's last second counts.
 */
export async function consumedUntil(db: Executor, name: string, at: Date): Promise<boolean> {
  const [row] = await rows<{ behind: boolean }>(
    db,
    sql`with c as (
          select coalesce(max(last_tx_id), 0) as t, coalesce(max(last_id), 0) as i from activity_consumers where name = ${name}
        )
        select exists (
          select 1 from activities a, c
           where (a.tx_id, a.id) > (c.t, c.i) and a.created_at < ${at.toISOString()}::timestamptz
        ) as behind`,
  );
  return !row?.behind;
}

/**
 * Which consumers have rows due, in one statement for all of them: a runner on a quiet stream
 * then costs the database one read a pass however many consumers it runs, rather than one or two
 * each. A consumer with no position row yet is not listed (it has never run: always due).
 */
export async function consumersBehind(db: Executor): Promise<Map<string, boolean>> {
  const found = await rows<{ name: string; behind: boolean }>(
    db,
    sql`select c.name, exists (select 1 from activities a where ${dueAfter('a', 'c')}) as behind from activity_consumers c`,
  );
  return new Map(found.map((r) => [r.name, r.behind]));
}

async function hasRowsAfter(db: Db, lastTxId: number, lastId: number): Promise<boolean> {
  return (await db.select({ id: activities.id }).from(activities).where(due(lastTxId, lastId)).limit(1)).length > 0;
}

/**
 * Runs every registered consumer in the background of a process: every POLL_MS, or at once when
 * woken (`wake`: a consumer registered or resumed), each consumer behind takes batches until it
 * has caught up, a paced one (`everyMs`) no more often than its pace. The games do not wake it:
 * the readers take what came at their own pace. It never runs inside a game's transaction, so a
 * game pays nothing for its readers. Any
 * number of processes may run it on one database; a restarted one carries on from the stored
 * positions. A consumer that fails is logged and retried later with a growing pause; the others
 * go on. Its passes are paced by a `PeriodicJob`, like the store's other background jobs.
 */
export class ActivityRunner {
  private readonly consumers: ActivityConsumer[] = [];
  private readonly failures = new Map<string, { count: number; until: number }>();
  private readonly paused = new Set<string>();
  private readonly lastRun = new Map<string, number>();
  /** How soon a paced consumer skipped in the last pass is due (ms), when sooner than the poll. */
  private pacedWait: number | null = null;
  private readonly job: PeriodicJob;
  /** Not started, or closing: a consumer catching up stops after the batch under way. */
  private stopped = true;

  constructor(private readonly opts: { db: Db; log: FastifyBaseLogger; pollMs?: number }) {
    this.job = new PeriodicJob({
      everyMs: opts.pollMs ?? POLL_MS,
      run: () => this.pass(),
      dueIn: () => this.pacedWait,
      log: opts.log,
      failure: 'the activity runner failed; it will retry',
    });
  }

  register(consumer: ActivityConsumer): void {
    if (this.consumers.some((c) => c.name === consumer.name)) throw new Error(`activity consumer ${consumer.name} registered twice`);
    this.consumers.push(consumer);
    this.wake();
  }

  start(): void {
    this.stopped = false;
    this.job.start();
  }

  /** Resolves when the pass running now (if any) has ended, with what its consumers do after a batch. */
  async settled(): Promise<void> {
    await this.job.settled();
  }

  consumerNames(): string[] {
    return this.consumers.map((c) => c.name);
  }

  /**
   * Stops handing batches to one consumer (the others go on) until `resume`; its rows wait in the
   * stream. Resolves once a batch it may have been running has ended.
   */
  async pause(name: string): Promise<void> {
    if (!this.consumers.some((c) => c.name === name)) throw new RangeError(`no activity consumer ${name}`);
    this.paused.add(name);
    await this.job.settled();
  }

  resume(name: string): void {
    if (!this.consumers.some((c) => c.name === name)) throw new RangeError(`no activity consumer ${name}`);
    this.paused.delete(name);
    this.wake();
  }

  /** Something was written: look now rather than at the next poll. */
  wake(): void {
    if (this.consumers.length) this.job.wake();
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.job.close();
  }

  private async pass(): Promise<void> {
    this.pacedWait = null;
    const behind = await consumersBehind(this.opts.db);
    for (const consumer of this.consumers) {
      if (this.paused.has(consumer.name)) continue;
      // Caught up (a consumer never run, with no position yet, is behind by definition).
      if (behind.get(consumer.name) === false) continue;
      if (consumer.everyMs) {
        const wait = (this.lastRun.get(consumer.name) ?? 0) + consumer.everyMs - Date.now();
        if (wait > 0) {
          this.pacedWait = Math.min(this.pacedWait ?? wait, wait);
          continue;
        }
        this.lastRun.set(consumer.name, Date.now());
      }
      const failed = this.failures.get(consumer.name);
      if (failed && Date.now() < failed.until) continue;
      try {
        // The first batch skips the check the pass has made; catching up checks again.
        let knownBehind = behind.get(consumer.name) === true;
        while (!this.stopped && (await consumeBatch(this.opts.db, consumer, { knownBehind })) >= (consumer.batchSize ?? DEFAULT_BATCH)) knownBehind = false;
        this.failures.delete(consumer.name);
      } catch (err) {
        const count = (failed?.count ?? 0) + 1;
        this.failures.set(consumer.name, { count, until: Date.now() + Math.min(MAX_BACKOFF_MS, 250 * 2 ** count) });
        this.opts.log.error({ err, consumer: consumer.name }, 'an activity consumer failed; it will retry');
      }
    }
  }
}
