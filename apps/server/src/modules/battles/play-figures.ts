import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

/**
 * The battles' figures for the console's dashboard (decision 031). A battle counts on the day it
 * finished; only players' seats are plays (a bot stakes nothing, and what it wins stays the store's).
 */

/** Each player's seat of a finished battle: what it paid (less refunds) and the drops it won. */
export const battlePlays = (from: string, to: string): SQL => sql`
  select 'battles'::text as game, null::int as case_id, s.user_id::int as user_id, b.finished_at as at,
         (s.paid - s.refunded)::bigint as staked, s.won::bigint as paid_out, true as gold
  from battle_seats s join battles b on b.id = s.battle_id
  where b.status = 'finished' and not s.is_bot
    and b.finished_at >= ${from}::timestamptz and b.finished_at < ${to}::timestamptz`;

/**
 * The cases the players' seats of the window's finished battles opened: each odds table with its
 * price and how many times it was opened for a player. A seat's expected winnings are what its own
 * cases are worth (every seat opens the same cases and the winner takes all), so these give the
 * battles' configured return to player.
 */
export async function battleOpenedCases(
  db: Executor,
  from: string,
  to: string,
): Promise<{ oddsId: number; price: number; opened: number }[]> {
  const found = await rows<{ odds_id: number; price: number | string; opened: number | string }>(
    db,
    sql`select (l->>'oddsId')::int as odds_id, (l->>'price')::bigint as price, sum((l->>'count')::int * p.seats)::bigint as opened
        from battles b
        join (select battle_id, count(*) as seats from battle_seats where not is_bot group by battle_id) p on p.battle_id = b.id
        cross join lateral jsonb_array_elements(b.cases) as l
        where b.status = 'finished' and b.finished_at >= ${from}::timestamptz and b.finished_at < ${to}::timestamptz
        group by 1, 2`,
  );
  return found.map((r) => ({ oddsId: r.odds_id, price: Number(r.price), opened: Number(r.opened) }));
}
