import { sql, type SQL } from 'drizzle-orm';

/**
 * Each upgrade as a play for the console's dashboard (decision 031): the staked items' value and
 * the target's value when it won. The coins credited on a loss are event coins, not GOLD, and are
 * not a payout here.
 */
export const upgradePlays = (from: string, to: string): SQL => sql`
  select 'upgrades'::text as game, null::int as case_id, user_id::int as user_id, created_at as at,
         stake::bigint as staked, (case when success then target_price else 0 end)::bigint as paid_out, true as gold
  from upgrades where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz`;
