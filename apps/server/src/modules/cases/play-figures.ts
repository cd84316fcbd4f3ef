import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

/**
 * The cases' figures for the console's dashboard (decision 031), read from this module's tables
 * and added up by the database. A window is [from, to) as ISO timestamps; days are UTC.
 */

/**
 * Each paid case opening as a play: who, when, the price staked and the drop's value paid out,
 * and whether the stake was GOLD (a coin case's price is event coins). Free openings (every N-th,
 * daily and promotional ones) stake nothing and are not plays.
 */
export const casePlays = (from: string, to: string): SQL => sql`
  select 'cases'::text as game, o.case_id::int as case_id, o.user_id::int as user_id, o.created_at as at,
         o.price::bigint as staked, o.item_price::bigint as paid_out, c.currency = 'GOLD' as gold
  from case_opens o join cases c on c.id = o.case_id
  where o.price > 0 and o.created_at >= ${from}::timestamptz and o.created_at < ${to}::timestamptz`;

/** Every opening, free and daily ones too, per UTC day of the window. */
export async function openingsPerDay(db: Executor, from: string, to: string): Promise<Map<string, number>> {
  const found = await rows<{ day: string; n: number | string }>(
    db,
    sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::bigint as n
        from case_opens where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
        group by 1`,
  );
  return new Map(found.map((r) => [r.day, Number(r.n)]));
}
