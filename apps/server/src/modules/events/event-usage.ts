import { asc, desc, eq, sql } from 'drizzle-orm';
import { MINOR_PER_UNIT } from '@store/shared/constants';
import type { Executor, Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { eventRafflePrizes, eventRaffleResults, events } from './schema.ts';
import type { EventRow } from './events.ts';

/**
 * What the operators' console reads of the seasons (decision 035): how many played each, what its
 * pass paid, and its raffle; and the conditional changes an operator makes to a season's dates
 * and texts. The pass itself never changes once defined: players climb and claim against it.
 */

export interface EventUsageRow {
  players: number;
  /** Whole coins. */
  coinsEarned: number;
  claims: number;
  tasksDone: number;
  /** Minor units of GOLD paid by claimed levels and done tasks. */
  rewardsPaidMinor: number;
  tickets: number;
  prizes: number;
  granted: number;
}

type Num = number | string | null;

/** Every season's usage, by id. A level's or task's reward is paid once, so its rows count what was paid. */
export async function eventUsageById(db: Executor): Promise<Map<number, EventUsageRow>> {
  const found = await rows<{ id: number; players: Num; coins: Num; claims: Num; claim_money: Num; tasks_done: Num; task_money: Num; tickets: Num; prizes: Num; granted: Num }>(
    db,
    sql`select e.id,
               (select count(*) from event_players p where p.event_id = e.id) as players,
               (select sum(floor(p.coins_earned / ${MINOR_PER_UNIT})) from event_players p where p.event_id = e.id) as coins,
               (select sum(floor(floor(p.coins_spent / ${MINOR_PER_UNIT}) / e.coins_per_ticket)) from event_players p where p.event_id = e.id) as tickets,
               (select count(*) from event_pass_claims c where c.event_id = e.id) as claims,
               (select sum(l.reward_money) from event_pass_claims c
                  join event_pass_levels l on l.event_id = c.event_id and l.level = c.level where c.event_id = e.id) as claim_money,
               (select count(*) from event_task_progress t join event_tasks k on k.id = t.task_id
                 where k.event_id = e.id and t.completed_at is not null) as tasks_done,
               (select sum(k.reward_money) from event_task_progress t join event_tasks k on k.id = t.task_id
                 where k.event_id = e.id and t.completed_at is not null) as task_money,
               (select count(*) from event_raffle_prizes r where r.event_id = e.id) as prizes,
               (select count(*) from event_raffle_results r where r.event_id = e.id and r.granted) as granted
          from events e`,
  );
  const n = (v: Num) => Number(v ?? 0);
  return new Map(
    found.map((e) => [
      Number(e.id),
      {
        players: n(e.players),
        coinsEarned: n(e.coins),
        claims: n(e.claims),
        tasksDone: n(e.tasks_done),
        rewardsPaidMinor: n(e.claim_money) + n(e.task_money),
        tickets: n(e.tickets),
        prizes: n(e.prizes),
        granted: n(e.granted),
      },
    ]),
  );
}

/** Every season, the latest to start first. */
export const listEventRows = (db: Executor) => db.select().from(events).orderBy(desc(events.startsAt), desc(events.id));

export async function findEvent(db: Executor, id: number): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row ?? null;
}

/** The season, locked for a change made in `tx`. */
export async function lockEvent(tx: Tx, id: number): Promise<EventRow | null> {
  const [row] = await tx.select().from(events).where(eq(events.id, id)).for('update');
  return row ?? null;
}

/** Texts and dates of a season an operator changed; the database's checks keep its period ordered. */
export async function updateEvent(
  tx: Tx,
  id: number,
  set: Partial<Pick<EventRow, 'titleRu' | 'titleEn' | 'subtitleRu' | 'subtitleEn' | 'fullNameRu' | 'fullNameEn' | 'startsAt' | 'endsAt' | 'claimUntil'>>,
): Promise<EventRow> {
  const [row] = await tx.update(events).set(set).where(eq(events.id, id)).returning();
  return row!;
}

/** How far the players got in a season's pass: per level reached and claimed, per task done, and the raffle's prizes with their winners. */
export async function passUsage(db: Executor, event: EventRow) {
  const [levels, tasks, prizes, results] = await Promise.all([
    rows<{ level: number; reached: Num; claimed: Num }>(
      db,
      sql`select l.level,
                 (select count(*) from event_players p where p.event_id = l.event_id and floor(p.coins_earned / ${MINOR_PER_UNIT}) >= l.threshold) as reached,
                 (select count(*) from event_pass_claims c where c.event_id = l.event_id and c.level = l.level) as claimed
            from event_pass_levels l where l.event_id = ${event.id}`,
    ),
    rows<{ id: number; done: Num }>(
      db,
      sql`select k.id, (select count(*) from event_task_progress t where t.task_id = k.id and t.completed_at is not null) as done
            from event_tasks k where k.event_id = ${event.id}`,
    ),
    db.select().from(eventRafflePrizes).where(eq(eventRafflePrizes.eventId, event.id)).orderBy(asc(eventRafflePrizes.position)),
    db.select().from(eventRaffleResults).where(eq(eventRaffleResults.eventId, event.id)),
  ]);
  return {
    levels: new Map(levels.map((l) => [Number(l.level), { reached: Number(l.reached ?? 0), claimed: Number(l.claimed ?? 0) }])),
    tasks: new Map(tasks.map((t) => [Number(t.id), Number(t.done ?? 0)])),
    prizes,
    results: new Map(results.map((r) => [r.position, r])),
  };
}
