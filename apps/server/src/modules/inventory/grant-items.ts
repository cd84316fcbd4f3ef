import type { ItemSource } from '@store/shared/constants';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { inventoryItems } from './schema.ts';
import { rows } from '../../db/rows.ts';

export type InventoryRow = typeof inventoryItems.$inferSelect;

/**
 * Puts new items into a player's inventory in `progress`, with where they came from; `freeDrop`
 * when they come out of a free drop (a pack's skins), so its lock carries over (decision 058).
 */
export async function grantItems(
  tx: Tx,
  opts: { userId: number; source: ItemSource; sourceRef: string; items: { key: string; price: number }[]; freeDrop?: boolean },
): Promise<InventoryRow[]> {
  if (!opts.items.length) return [];
  const freeDrop = opts.freeDrop ?? false;
  return tx
    .insert(inventoryItems)
    .values(opts.items.map((i) => ({ userId: opts.userId, itemKey: i.key, price: i.price, status: 'progress', source: opts.source, sourceRef: opts.sourceRef, freeDrop })))
    .returning();
}

export interface ItemGrant {
  userId: number;
  source: ItemSource;
  sourceRef: string;
  key: string;
  price: number;
}

/**
 * Puts items into many players' inventories with one statement whose size does not grow with
 * the number of items (columns passed as arrays), for battles ending together. Returns the new
 * items' ids in the order of `grants`; identical grants (same player and item) are interchangeable,
 * so the ids are matched by player and item rather than by the order rows come back in.
 */
export async function grantItemsInBulk(tx: Tx, grants: readonly ItemGrant[]): Promise<number[]> {
  if (!grants.length) return [];
  const col = <T>(f: (g: ItemGrant) => T) => sql.param(grants.map(f));
  const inserted = await rows<{ id: number | string; user_id: number; item_key: string }>(tx, sql`
    insert into inventory_items (user_id, item_key, price, status, source, source_ref)
    select g.user_id, g.item_key, g.price, 'progress', g.source, g.source_ref
    from unnest(${col((g) => g.userId)}::integer[], ${col((g) => g.key)}::text[], ${col((g) => g.price)}::bigint[],
                ${col((g) => g.source)}::text[], ${col((g) => g.sourceRef)}::text[]) as g(user_id, item_key, price, source, source_ref)
    returning id, user_id, item_key`);
  const ids = new Map<string, number[]>();
  for (const r of inserted) {
    const k = `${r.user_id}:${r.item_key}`;
    const list = ids.get(k);
    if (list) list.push(Number(r.id));
    else ids.set(k, [Number(r.id)]);
  }
  return grants.map((g) => {
    const id = ids.get(`${g.userId}:${g.key}`)?.shift();
    if (id === undefined) throw new Error(`no inventory item came back for ${g.userId}:${g.key}`);
    return id;
  });
}
