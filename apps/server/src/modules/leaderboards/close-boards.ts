import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { Clock } from '../../platform/clock.ts';
import { PeriodicJob } from '../../platform/periodic-job.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { grantItems } from '../inventory/grant-items.ts';
import { ensureSeriesPeriod, listSeries } from './boards.ts';
import { scoredUntil } from './scoring-consumer.ts';
import { leaderboardResults, leaderboards } from './schema.ts';

/**
 * How long after its end a board waits before it is frozen: a game that began before the end and
 * commits a moment after it still counts. Games are transactions of milliseconds.
 */
export const CLOSE_GRACE_MS = 10_000;
const POLL_MS = 1_000;

export type PaidPrize = typeof leaderboardResults.$inferSelect;

/**
 * Closing boards, as a durable job in steps that each commit on their own and can be repeated:
 * 1. a board past its end (and the grace), once the scoring consumer has counted every game played
 *    before the end, is frozen in one transaction: its status moves to closed by a conditional
 *    update (of two closers, one wins) and its prize places are written as results;
 * 2. each result is paid in its own transaction: the item goes to the winner's inventory and the
 *    result is marked paid by a conditional update in the same transaction, so a prize is paid once
 *    whatever crashes or runs twice; `onPaid` hears of it after the commit (the reward event);
 * 3. a repeating board (the weekly one) gets its next period.
 * A restart finds the same state in the database and carries on. Any number of processes may run it.
 */
export class LeaderboardCloser {
  private readonly job: PeriodicJob;

  constructor(
    private readonly deps: {
      db: Db;
      catalogue: Catalogue;
      clock: Clock;
      log: FastifyBaseLogger;
      onClosed?: (boardId: number) => void;
      onPaid?: (prize: PaidPrize) => void | Promise<void>;
      pollMs?: number;
    },
  ) {
    this.job = new PeriodicJob({ everyMs: deps.pollMs ?? POLL_MS, run: () => this.tick(), log: deps.log, failure: 'closing leaderboards failed; it will retry' });
  }

  /** Runs a pass now and then every POLL_MS until `close`; starting a running job does nothing. */
  start(): void {
    this.job.start();
  }

  close(): Promise<void> {
    return this.job.close();
  }

  /** One pass: freeze what is due, pay what is unpaid, open the next periods. */
  async tick(): Promise<{ closed: number; paid: number }> {
    const { db, catalogue, clock } = this.deps;
    const now = clock.now();
    const due = await db
      .select({ id: leaderboards.id, endsAt: leaderboards.endsAt })
      .from(leaderboards)
      .where(and(eq(leaderboards.status, 'running'), lte(leaderboards.endsAt, new Date(now.getTime() - CLOSE_GRACE_MS))))
      .orderBy(asc(leaderboards.endsAt));
    let closed = 0;
    for (const board of due) {
      if (!(await scoredUntil(db, board.endsAt))) continue;
      if (await this.freeze(board.id)) {
        closed++;
        this.deps.onClosed?.(board.id);
      }
    }
    let paid = 0;
    for (let prize; (prize = await this.payNext()); paid++) {
      // The prize is paid and committed; a failed announcement must not hold up the others.
      await Promise.resolve(this.deps.onPaid?.(prize)).catch((err: unknown) => this.deps.log.warn({ err, prize: prize.id }, 'a leaderboard reward was not announced'));
    }
    for (const series of await listSeries(db)) await ensureSeriesPeriod(db, catalogue, series, now);
    return { closed, paid };
  }

  /** Freezes a board's prize places; false when another closer did it first. */
  async freeze(boardId: number): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      const [board] = await tx
        .update(leaderboards)
        .set({ status: 'closed', closedAt: new Date() })
        .where(and(eq(leaderboards.id, boardId), eq(leaderboards.status, 'running')))
        .returning({ id: leaderboards.id });
      if (!board) return false;
      await rows(
        tx,
        sql`insert into leaderboard_results (leaderboard_id, place, user_id, score, spent, won, item_key, price)
            select ${boardId}, t.place, t.user_id, t.score, t.spent, t.won, p.item_key, p.price
              from (select user_id, score, spent, won, row_number() over (order by score desc, reached_id, user_id) as place
                      from leaderboard_entries
                     where leaderboard_id = ${boardId} and score > 0
                     order by score desc, reached_id, user_id
                     limit (select count(*) from leaderboard_prizes where leaderboard_id = ${boardId})) t
              join leaderboard_prizes p on p.leaderboard_id = ${boardId} and p.place = t.place`,
      );
      return true;
    });
  }

  /** Pays one unpaid prize; null when none is left (or the rest are being paid by another closer). */
  async payNext(): Promise<PaidPrize | null> {
    // An idle store asks once, without a transaction: nothing is held open while nothing is owed.
    const [owed] = await this.deps.db.select({ id: leaderboardResults.id }).from(leaderboardResults).where(isNull(leaderboardResults.paidAt)).limit(1);
    if (!owed) return null;
    return this.deps.db.transaction(async (tx) => {
      const [next] = await tx
        .select()
        .from(leaderboardResults)
        .where(isNull(leaderboardResults.paidAt))
        .orderBy(asc(leaderboardResults.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!next) return null;
      const [item] = await grantItems(tx, {
        userId: next.userId,
        source: 'Top',
        sourceRef: `top:${next.leaderboardId}:${next.place}`,
        items: [{ key: next.itemKey, price: next.price }],
      });
      const [paid] = await tx
        .update(leaderboardResults)
        .set({ paidAt: new Date(), inventoryItemId: item!.id })
        .where(and(eq(leaderboardResults.id, next.id), isNull(leaderboardResults.paidAt)))
        .returning();
      // Locked above, so nobody else can have paid it; a miss here would be a bug, and the grant rolls back with it.
      if (!paid) throw new Error(`leaderboard prize ${next.id} was paid under a lock`);
      return paid;
    });
  }
}
