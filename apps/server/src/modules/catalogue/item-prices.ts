import { and, asc, eq, sql } from 'drizzle-orm';
import { ITEM_TYPE } from '@store/shared/constants';
import type { Executor, Tx } from '../../db/client.ts';
import { catalogueItems } from './schema.ts';

/**
 * The catalogue's item prices as the price job moves them (decision 078). Only skins follow the
 * market: a pack and a balance credit have no market price. The caller holds the transaction
 * and writes what the change leaves behind (the price history) in it.
 */

export interface PricedItem {
  key: string;
  marketName: string;
  price: number;
}

/** Every skin with its market hash name and price, in key order (the batches' order). */
export function listPricedItems(db: Executor): Promise<PricedItem[]> {
  return db
    .select({ key: catalogueItems.key, marketName: catalogueItems.marketName, price: catalogueItems.price })
    .from(catalogueItems)
    .where(eq(catalogueItems.type, ITEM_TYPE.skin))
    .orderBy(asc(catalogueItems.key));
}

/**
 * Sets each given skin's price, in one statement, and reports those it changed with the price
 * they had: a price already equal (a batch run twice) is left alone and not reported.
 */
export async function setItemPrices(tx: Tx, prices: readonly { key: string; price: number }[]): Promise<{ key: string; oldPrice: number; price: number }[]> {
  if (!prices.length) return [];
  // The self-join reads each row as it was before this statement, so the old price comes back beside the new.
  const res = (await tx.execute(sql`
    update catalogue_items c set price = v.price
      from unnest(${sql.param(prices.map((p) => p.key))}::text[], ${sql.param(prices.map((p) => p.price))}::bigint[]) as v(key, price), catalogue_items old
     where c.key = v.key and old.key = c.key and c.type = ${ITEM_TYPE.skin} and c.price <> v.price
    returning c.key, old.price as old_price, c.price`)) as unknown as { rows: { key: string; old_price: number | string; price: number | string }[] };
  return res.rows.map((r) => ({ key: r.key, oldPrice: Number(r.old_price), price: Number(r.price) }));
}

/** The skins' count and summed price now: the catalogue's value on the console's dashboard. */
export async function catalogueValue(db: Executor): Promise<{ items: number; value: number }> {
  const [row] = await db
    .select({ items: sql<number>`count(*)::int`, value: sql<number>`coalesce(sum(${catalogueItems.price}), 0)::bigint` })
    .from(catalogueItems)
    .where(and(eq(catalogueItems.type, ITEM_TYPE.skin)));
  return { items: Number(row?.items ?? 0), value: Number(row?.value ?? 0) };
}

/** Every item's price now, for a process that refreshes its in-memory copy. */
export async function readItemPrices(db: Executor): Promise<Map<string, number>> {
  const rows = await db.select({ key: catalogueItems.key, price: catalogueItems.price }).from(catalogueItems);
  return new Map(rows.map((r) => [r.key, r.price]));
}
