import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { PeriodicJob } from '../../platform/periodic-job.ts';
import { consumedUntil } from '../activity/consumer-runner.ts';
import { drawEventRaffle, grantNextRafflePrize } from './raffle.ts';
import { events } from './schema.ts';
import { TASKS_CONSUMER } from './task-consumer.ts';

/** An event waits this long after its end before closing, so a game that began before the end still counts. */
export const EVENT_CLOSE_GRACE_MS = 10_000;
const POLL_MS = 1_000;

/**
 * Closing events, as a durable job in steps that each commit on their own and can be repeated
 * (decision 017):
 * 1. an event past its end (and the grace), once the task consumer has counted every game played
 *    before the end, has its raffle drawn (once: `drawn_at` by a conditional update with the
 *    winners in one transaction);
 * 2. each drawn prize is granted in its own transaction (granted once, under a row lock and a
 *    conditional update);
 * 3. with nothing left owed, the event's status moves to closed: its tasks stop counting. Done
 *    levels stay claimable until `claim_until`; the season's top is paid by the leaderboards'
 *    own close, as its board ends with the event.
 * A restart finds the same state and carries on; any number of processes may run it.
 */
export class EventCloser {
  private readonly job: PeriodicJob;

  constructor(
    private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger; onGranted?: (g: { eventId: number; position: number; userId: number }) => void | Promise<void>; pollMs?: number },
  ) {
    this.job = new PeriodicJob({ everyMs: deps.pollMs ?? POLL_MS, run: () => this.tick(), log: deps.log, failure: 'closing events failed; it will retry' });
  }

  start(): void {
    this.job.start();
  }

  close(): Promise<void> {
    return this.job.close();
  }

  /** One pass: draw what is due, grant what is owed, close what is done. */
  async tick(): Promise<{ drawn: number; granted: number; closed: number }> {
    const { db, clock } = this.deps;
    const due = await db
      .select({ id: events.id, endsAt: events.endsAt })
      .from(events)
      .where(and(eq(events.status, 'running'), lte(events.endsAt, new Date(clock.now().getTime() - EVENT_CLOSE_GRACE_MS))))
      .orderBy(asc(events.endsAt));
    let drawn = 0;
    const counted: number[] = [];
    for (const e of due) {
      if (!(await consumedUntil(db, TASKS_CONSUMER, e.endsAt))) continue;
      counted.push(e.id);
      if (await drawEventRaffle(db, e.id)) drawn++;
    }
    let granted = 0;
    for (let g; (g = await grantNextRafflePrize(db)); granted++) {
      // Granted and committed; a failed announcement must not hold up the others.
      await Promise.resolve(this.deps.onGranted?.(g)).catch((err: unknown) => this.deps.log.warn({ err }, 'a raffle prize was not announced'));
    }
    let closed = 0;
    for (const id of counted) {
      const [row] = await db
        .update(events)
        .set({ status: 'closed', closedAt: new Date() })
        .where(
          and(
            eq(events.id, id),
            eq(events.status, 'running'),
            sql`${events.drawnAt} is not null`,
            sql`not exists (select 1 from event_raffle_results r where r.event_id = ${id} and not r.granted)`,
          ),
        )
        .returning({ id: events.id });
      if (row) closed++;
    }
    return { drawn, granted, closed };
  }
}

