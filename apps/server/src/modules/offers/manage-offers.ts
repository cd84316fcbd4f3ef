import { and, asc, count, countDistinct, eq, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { offerPurchases, offers, userTriggers } from './schema.ts';

/**
 * The offers table as operators change it (decision 033): an offer's row is locked while it
 * changes, the same lock a purchase's stock take waits on; purchases already made, and what
 * they paid, are never touched.
 */
export type OfferRow = typeof offers.$inferSelect;
export type OfferInsert = typeof offers.$inferInsert;
export type OfferFields = Partial<Omit<OfferInsert, 'id' | 'name' | 'sold' | 'createdAt' | 'disabledAt' | 'triggerType'>>;

export interface OfferUsageRow {
  purchases: number;
  revenueMinor: number;
  players: number;
  triggersFired: number;
  triggersBought: number;
}

export const listOfferRows = (ex: Executor): Promise<OfferRow[]> => ex.select().from(offers).orderBy(asc(offers.isSecret), asc(offers.sort), asc(offers.id));

export async function findOfferRow(ex: Executor, id: number): Promise<OfferRow | null> {
  const rows = await ex.select().from(offers).where(eq(offers.id, id));
  return rows[0] ?? null;
}

export async function lockOffer(tx: Tx, id: number): Promise<OfferRow | null> {
  const rows = await tx.select().from(offers).where(eq(offers.id, id)).for('update');
  return rows[0] ?? null;
}

/** Inserts an offer unless its name is taken; the row, or null. */
export async function insertOffer(tx: Tx, values: OfferInsert): Promise<OfferRow | null> {
  const rows = await tx.insert(offers).values(values).onConflictDoNothing({ target: offers.name }).returning();
  return rows[0] ?? null;
}

export async function updateOffer(tx: Tx, id: number, fields: OfferFields): Promise<OfferRow> {
  const [row] = await tx.update(offers).set(fields).where(eq(offers.id, id)).returning();
  return row!;
}

/** Takes an offer off sale (`at` a time) or back on (`at` null) when it is not so already; the changed row or null. */
export async function setOfferDisabled(tx: Tx, id: number, at: Date | null): Promise<OfferRow | null> {
  const [row] = await tx
    .update(offers)
    .set({ disabledAt: at })
    .where(and(eq(offers.id, id), at ? isNull(offers.disabledAt) : isNotNull(offers.disabledAt)))
    .returning();
  return row ?? null;
}

/** Every offer's sales (from the purchase rows) and the triggers that showed it. */
export async function offerUsageById(ex: Executor): Promise<Map<number, OfferUsageRow>> {
  const [bought, fired] = await Promise.all([
    ex
      .select({ id: offerPurchases.offerId, n: count(), revenue: sum(offerPurchases.price), players: countDistinct(offerPurchases.userId) })
      .from(offerPurchases)
      .groupBy(offerPurchases.offerId),
    ex
      .select({ id: userTriggers.offerId, n: count(), bought: sql<number>`count(*) filter (where ${userTriggers.closedReason} = 'bought')::int` })
      .from(userTriggers)
      .groupBy(userTriggers.offerId),
  ]);
  const out = new Map<number, OfferUsageRow>();
  const entry = (id: number) => {
    let e = out.get(id);
    if (!e) out.set(id, (e = { purchases: 0, revenueMinor: 0, players: 0, triggersFired: 0, triggersBought: 0 }));
    return e;
  };
  for (const b of bought) Object.assign(entry(b.id), { purchases: Number(b.n), revenueMinor: Number(b.revenue ?? 0), players: Number(b.players) });
  for (const f of fired) Object.assign(entry(f.id), { triggersFired: Number(f.n), triggersBought: Number(f.bought) });
  return out;
}
