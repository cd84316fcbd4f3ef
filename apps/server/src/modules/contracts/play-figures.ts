import { sql, type SQL } from 'drizzle-orm';

/** Each signed contract as a play for the console's dashboard (decision 031): the staked items' value and the item it gave. */
export const contractPlays = (from: string, to: string): SQL => sql`
  select 'contracts'::text as game, null::int as case_id, user_id::int as user_id, created_at as at,
         stake::bigint as staked, item_price::bigint as paid_out, true as gold
  from contracts where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz`;
