import { and, eq } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import type { ReplacementResult, ReplacementsResult } from '@store/shared/api/withdrawals';
import { toUnits } from '@store/shared/money';
import { REPLACEMENT_OFFERS, replacementWindow } from '@store/shared/withdrawals';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue, ItemRow } from '../catalogue/catalogue.ts';
import { creditWallet } from '../wallet/wallet.ts';
import { grantItems } from './grant-items.ts';
import { presentInventoryItem } from './present-item.ts';
import { inventoryItems } from './schema.ts';
import { isSkin } from './stake-items.ts';
import { freeDropsLocked, refuseIfLocked, unlessLocked } from './free-drop-lock.ts';

/**
 * A player's skin still held (`progress`), or `invalidItem`; a free drop before the player's first
 * deposit is `item_locked_until_deposit` (decision 058): an exchange pays a difference into the balance.
 */
async function heldSkin(db: Executor, userId: number, id: number): Promise<{ id: number; key: string; price: number }> {
  const locked = await freeDropsLocked(db, userId);
  const [row] = await db
    .select({ id: inventoryItems.id, key: inventoryItems.itemKey, price: inventoryItems.price })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.id, id), eq(inventoryItems.userId, userId), eq(inventoryItems.status, 'progress'), isSkin, unlessLocked(locked)));
  if (!row) {
    await refuseIfLocked(db, { userId, ids: [id], locked });
    throw new AppError('invalidItem');
  }
  return row;
}

/** The skins an item priced `price` may be swapped for: within `replacementWindow`, closest in price first, never itself. */
function candidates(catalogue: Catalogue, item: { key: string; price: number }): ItemRow[] {
  const { min, max } = replacementWindow(item.price);
  return catalogue
    .byPrice()
    .filter((c) => c.price >= min && c.price <= max && c.key !== item.key)
    .sort((a, b) => b.price - a.price || (a.key < b.key ? -1 : 1))
    .slice(0, REPLACEMENT_OFFERS);
}

/** GET /inventory/get/replacements: what a held skin may be exchanged for (spec §2 exchange popup). */
export async function listReplacements(db: Db, o: { userId: number; id: number; catalogue: Catalogue; lang: Lang }): Promise<ReplacementsResult> {
  const item = await heldSkin(db, o.userId, o.id);
  return {
    id: item.id,
    price: toUnits(item.price),
    items: candidates(o.catalogue, item).map((c) => {
      const v = o.catalogue.present(c, o.lang);
      return { item_id: v.id, name: v.name, market_name: v.market_name, image: v.image, price: v.price, rarity: v.rarity, rarity_color: v.rarity_color, quality: v.quality, stattrak: v.stattrak };
    }),
  };
}

/**
 * Swaps a held skin for one of its replacements (decision 019): the item moves `progress` →
 * `EXCHANGED` by a conditional update, the replacement arrives by source `Change` at its catalogue
 * price, and what it costs less is paid into the balance with its ledger row, all in one
 * transaction. A second swap of the same item finds it no longer held and changes nothing.
 */
export async function exchangeItem(db: Db, o: { userId: number; id: number; key: string; catalogue: Catalogue; lang: Lang }): Promise<ReplacementResult> {
  return db.transaction(async (tx) => {
    const item = await heldSkin(tx, o.userId, o.id);
    const replacement = candidates(o.catalogue, item).find((c) => c.key === o.key);
    if (!replacement) throw new AppError('invalidItem');
    const [taken] = await tx
      .update(inventoryItems)
      .set({ status: 'EXCHANGED', updatedAt: new Date() })
      .where(and(eq(inventoryItems.id, item.id), eq(inventoryItems.status, 'progress')))
      .returning({ id: inventoryItems.id });
    if (!taken) throw new AppError('invalidItem');
    const [granted] = await grantItems(tx, { userId: o.userId, source: 'Change', sourceRef: `change:${item.id}`, items: [{ key: replacement.key, price: replacement.price }] });
    const change = item.price - replacement.price;
    const balance = await creditWallet({ tx, userId: o.userId, amount: change, reason: 'exchange_change', ref: `change:${item.id}`, meta: { from: item.key, to: replacement.key } });
    return { status: 'EXCHANGED' as const, item: presentInventoryItem(granted!, o.catalogue, o.lang), change: toUnits(change), balance: toUnits(balance) };
  });
}
