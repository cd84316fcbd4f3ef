import type { Lang } from '@store/shared/errors';
import type { InventoryItem } from '@store/shared/api/inventory';
import { toUnits } from '@store/shared/money';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { InventoryRow } from './grant-items.ts';

/** `locked`: the owner's free drops are locked now (decision 058); the item shows it if it is one. */
export function presentInventoryItem(row: InventoryRow, catalogue: Catalogue, lang: Lang, locked = false): InventoryItem {
  const item = catalogue.item(row.itemKey);
  const view = catalogue.present(item, lang, row.price);
  return {
    id: row.id,
    item_id: item.key,
    name: view.name,
    market_name: item.marketName,
    price: toUnits(row.price),
    price_profile: toUnits(row.price),
    status: row.status,
    type: item.type,
    rarity: item.rarity,
    rarity_color: view.rarity_color,
    quality: view.quality,
    stattrak: item.stattrak,
    image: view.image,
    source: row.source,
    created_at: row.createdAt instanceof Date ? row.createdAt.toISOString() : String(row.createdAt),
    // The withdrawal countdown of spec §9, while the purchase is being placed.
    timer_data: row.timerEndsAt && row.status === 'PREPARING' ? { ends_at: row.timerEndsAt.toISOString() } : null,
    sale_locked: locked && row.freeDrop,
    pack_items:
      item.packContents?.map((key) => {
        const inner = catalogue.present(catalogue.item(key), lang);
        return { item_id: inner.id, name: inner.name, image: inner.image, price: inner.price, rarity_color: inner.rarity_color };
      }) ?? null,
  };
}
