import { sql, type SQL } from 'drizzle-orm';

/**
 * Each finished techies game as a play for the console's dashboard (decision 031), on the day it
 * ended: the stake and what cashing out paid (nothing for a mine). A game still in play has no
 * payout yet and is left out.
 */
export const techiesPlays = (from: string, to: string): SQL => sql`
  select 'techies'::text as game, null::int as case_id, user_id::int as user_id, finished_at as at,
         stake::bigint as staked, payout::bigint as paid_out, true as gold
  from techies_games where state <> 'playing' and finished_at >= ${from}::timestamptz and finished_at < ${to}::timestamptz`;
