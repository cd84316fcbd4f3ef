import { and, eq, sql } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import type { OpenPackResult } from '@store/shared/api/withdrawals';
import { ITEM_TYPE } from '@store/shared/constants';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { grantItems } from './grant-items.ts';
import { presentInventoryItem } from './present-item.ts';
import { inventoryItems } from './schema.ts';
import { freeDropsLocked } from './free-drop-lock.ts';

/**
 * Unpacks a held pack (spec §4): the pack moves `progress` → `unpacked` by a conditional update
 * and stays in the inventory as the record of where its skins came from; each skin arrives by
 * source `Pack` at its catalogue price, in the same transaction. A second unpack of the same pack
 * finds it no longer held and gives nothing. The skins of a free drop's pack are free drops too
 * (decision 058): unpacking is allowed, selling them is what waits for the first deposit.
 */
export async function openPack(db: Db, o: { userId: number; id: number; catalogue: Catalogue; lang: Lang }): Promise<OpenPackResult> {
  return db.transaction(async (tx) => {
    const [pack] = await tx
      .update(inventoryItems)
      .set({ status: 'unpacked', updatedAt: new Date() })
      .where(
        and(
          eq(inventoryItems.id, o.id),
          eq(inventoryItems.userId, o.userId),
          eq(inventoryItems.status, 'progress'),
          sql`${inventoryItems.itemKey} in (select key from catalogue_items where type = ${ITEM_TYPE.pack})`,
        ),
      )
      .returning({ id: inventoryItems.id, key: inventoryItems.itemKey, freeDrop: inventoryItems.freeDrop });
    if (!pack) throw new AppError('invalidItem');
    const contents = (o.catalogue.item(pack.key).packContents ?? []).map((key) => ({ key, price: o.catalogue.item(key).price }));
    const granted = await grantItems(tx, { userId: o.userId, source: 'Pack', sourceRef: `pack:${pack.id}`, items: contents, freeDrop: pack.freeDrop });
    const locked = pack.freeDrop && (await freeDropsLocked(tx, o.userId));
    return { status: 'unpacked' as const, id: pack.id, items: granted.sort((a, b) => a.id - b.id).map((row) => presentInventoryItem(row, o.catalogue, o.lang, locked)) };
  });
}
