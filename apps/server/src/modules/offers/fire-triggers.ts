import { sql } from 'drizzle-orm';
import { SITE_CURRENCY } from '@store/shared/constants';
import type { Db } from '../../db/client.ts';

export const DAILY_CASE_TRIGGER = 'daily_case';

/** The UTC day of `now` and the moment it ends: a daily trigger is open until then. */
export function triggerDay(now = new Date()): { day: string; endsAt: Date } {
  const day = now.toISOString().slice(0, 10);
  const endsAt = new Date(`${day}T00:00:00.000Z`);
  endsAt.setUTCDate(endsAt.getUTCDate() + 1);
  return { day, endsAt };
}

/**
 * Called after a case opening commits: when the player's GOLD is below the price of the case a
 * `daily_case` offer bundles, fires that trigger (its inner offer sells the case at the offer's
 * discount). One statement; the unique (player, type, day) index makes it fire at most once per
 * player per UTC day. Returns how many triggers fired.
 */
export async function fireTriggers(opts: { db: Db; userId: number; now?: Date }): Promise<number> {
  const { day, endsAt } = triggerDay(opts.now);
  const res = (await opts.db.execute(sql`
    insert into user_triggers (user_id, offer_id, trigger_type, fired_on, expires_at)
    select ${opts.userId}, o.id, o.trigger_type, ${day}, ${endsAt.toISOString()}::timestamptz
      from offers o
      join cases c on c.slug = o.cases -> 0 ->> 'slug'
      join wallets w on w.user_id = ${opts.userId} and w.currency = ${SITE_CURRENCY}
     where o.trigger_type = ${DAILY_CASE_TRIGGER}
       and (o.starts_at is null or o.starts_at <= now()) and (o.ends_at is null or o.ends_at > now())
       and w.amount < c.price
    on conflict do nothing
    returning id`)) as unknown as { rows: unknown[] };
  return res.rows.length;
}

const CEILING_TTL_MS = 60_000;
let ceiling: { value: number; at: number } | null = null;

/**
 * The highest price a `daily_case` trigger can offer, in minor units, remembered for a minute:
 * a player richer than that cannot fire one, so the open skips the query (nearly every open).
 */
export async function triggerCeiling(db: Db, now = Date.now()): Promise<number> {
  if (ceiling && now - ceiling.at < CEILING_TTL_MS) return ceiling.value;
  const res = (await db.execute(sql`
    select coalesce(max(c.price), 0)::bigint as price
      from offers o join cases c on c.slug = o.cases -> 0 ->> 'slug'
     where o.trigger_type = ${DAILY_CASE_TRIGGER}`)) as unknown as { rows: { price: string | number }[] };
  ceiling = { value: Number(res.rows[0]?.price ?? 0), at: now };
  return ceiling.value;
}
