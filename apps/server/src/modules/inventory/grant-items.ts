import type { ItemSource } from '@store/shared/constants';
import type { Tx } from '../../db/client.ts';
import { inventoryItems } from '../../db/schema.ts';

export type InventoryRow = typeof inventoryItems.$inferSelect;

/** Puts new items into a player's inventory in `progress`, with where they came from. */
export async function grantItems(
  tx: Tx,
  opts: { userId: number; source: ItemSource; sourceRef: string; items: { key: string; price: number }[] },
): Promise<InventoryRow[]> {
  if (!opts.items.length) return [];
  return tx
    .insert(inventoryItems)
    .values(opts.items.map((i) => ({ userId: opts.userId, itemKey: i.key, price: i.price, status: 'progress', source: opts.source, sourceRef: opts.sourceRef })))
    .returning();
}
