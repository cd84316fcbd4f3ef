import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { leaderboards } from './schema.ts';

export interface BoardUsageRow {
  participants: number;
  places: number;
  prizesPaid: number;
  paidValueMinor: number;
}

/** Each board's players (a score above 0) and its prize places: how many, how many paid, and their value. */
export async function boardUsageById(db: Executor): Promise<Map<number, BoardUsageRow>> {
  const found = await rows<{ id: number; participants: number | string; places: number | string; paid: number | string; value: number | string | null }>(
    db,
    sql`select b.id,
               (select count(*) from leaderboard_entries e where e.leaderboard_id = b.id and e.score > 0) as participants,
               (select count(*) from leaderboard_results r where r.leaderboard_id = b.id) as places,
               (select count(*) from leaderboard_results r where r.leaderboard_id = b.id and r.paid_at is not null) as paid,
               (select sum(r.price) from leaderboard_results r where r.leaderboard_id = b.id and r.paid_at is not null) as value
          from leaderboards b`,
  );
  return new Map(
    found.map((b) => [Number(b.id), { participants: Number(b.participants), places: Number(b.places), prizesPaid: Number(b.paid), paidValueMinor: Number(b.value ?? 0) }]),
  );
}

/** Every board, newest first, for the operators' list. */
export const listBoardRows = (db: Executor) => db.select().from(leaderboards).orderBy(desc(leaderboards.id));
