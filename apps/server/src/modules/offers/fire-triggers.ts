import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { findCasesBySlugs } from '../catalogue/find-cases.ts';
import { offers, userTriggers } from './schema.ts';
import { isOfferOnSale } from './present-offer.ts';

export const DAILY_CASE_TRIGGER = 'daily_case';

/** The UTC day of `now` and the moment it ends: a daily trigger is open until then. */
export function triggerDay(now = new Date()): { day: string; endsAt: Date } {
  const day = now.toISOString().slice(0, 10);
  const endsAt = new Date(`${day}T00:00:00.000Z`);
  endsAt.setUTCDate(endsAt.getUTCDate() + 1);
  return { day, endsAt };
}

/** Daily-case offers on sale now, with the price of the case each one sells (minor units). */
async function dailyCaseOffers(db: Executor, now = new Date()): Promise<{ id: number; price: number }[]> {
  const rows = await db.select().from(offers).where(eq(offers.triggerType, DAILY_CASE_TRIGGER));
  const prices = new Map((await findCasesBySlugs(db, rows.flatMap((o) => (o.cases[0] ? [o.cases[0].slug] : [])))).map((c) => [c.slug, c.price]));
  return rows.flatMap((o) => {
    const price = o.cases[0] ? prices.get(o.cases[0].slug) : undefined;
    return price !== undefined && isOfferOnSale(o, now) ? [{ id: o.id, price }] : [];
  });
}

/**
 * Reacts to a committed case opening: a player whose GOLD (after the opening) is below the price
 * of the case a `daily_case` offer bundles gets that trigger (its inner offer sells the case at
 * the offer's discount). The unique (player, type, day) index makes it fire at most once per
 * player per UTC day. Returns how many triggers fired.
 */
export async function fireTriggers(opts: { db: Db; userId: number; balance: number; now?: Date }): Promise<number> {
  const { db, userId, balance } = opts;
  // Only a player left with less than the dearest daily case can fire one: most opens stop here.
  if (balance >= (await triggerCeiling(db))) return 0;
  const { day, endsAt } = triggerDay(opts.now);
  const due = (await dailyCaseOffers(db, opts.now)).filter((o) => balance < o.price);
  if (!due.length) return 0;
  const fired = await db
    .insert(userTriggers)
    .values(due.map((o) => ({ userId, offerId: o.id, triggerType: DAILY_CASE_TRIGGER, firedOn: day, expiresAt: endsAt })))
    .onConflictDoNothing()
    .returning({ id: userTriggers.id });
  return fired.length;
}

const CEILING_TTL_MS = 60_000;
let ceiling: { value: number; at: number } | null = null;

/**
 * The highest price a `daily_case` trigger can offer, in minor units, remembered for a minute:
 * a player richer than that cannot fire one, so the open skips the queries (nearly every open).
 */
export async function triggerCeiling(db: Db, now = Date.now()): Promise<number> {
  if (ceiling && now - ceiling.at < CEILING_TTL_MS) return ceiling.value;
  const all = await db.select({ cases: offers.cases }).from(offers).where(eq(offers.triggerType, DAILY_CASE_TRIGGER));
  const found = await findCasesBySlugs(db, all.flatMap((o) => (o.cases[0] ? [o.cases[0].slug] : [])));
  ceiling = { value: Math.max(0, ...found.map((c) => c.price)), at: now };
  return ceiling.value;
}
