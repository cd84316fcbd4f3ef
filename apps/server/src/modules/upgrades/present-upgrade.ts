import type { Lang } from '@store/shared/errors';
import type { UniqueItem, UpgradeRecord, UpgradeRoll } from '@store/shared/api/upgrades';
import { toUnits } from '@store/shared/money';
import { upgradeWinRange } from '@store/shared/upgrade';
import type { StakedItem } from '../inventory/stake-items.ts';
import type { upgrades } from './schema.ts';
import { presentRoll } from '../provably-fair/roll-next.ts';
import type { Catalogue, ItemRow } from '../catalogue/catalogue.ts';
import { avatarUrl } from '../users/get-user.ts';

export type UpgradeRow = typeof upgrades.$inferSelect;

/** A catalogue item as an upgrade target (spec §3 unique item). */
export function presentUniqueItem(item: ItemRow, catalogue: Catalogue, lang: Lang): UniqueItem {
  const view = catalogue.present(item, lang);
  return {
    id: item.key,
    name: view.name,
    market_name: item.marketName,
    image: view.image,
    quality: view.quality,
    stattrak: item.stattrak,
    rarity: item.rarity,
    rarity_color: view.rarity_color,
    price_data: { price: view.price, market_price: view.price },
    base_price: view.price,
  };
}

export function presentUpgradeRoll(row: Pick<UpgradeRow, 'ticket' | 'nonce' | 'cursor' | 'clientSeed' | 'serverSeedHash' | 'winTickets' | 'reversed'>): UpgradeRoll {
  const chance = row.winTickets / 1000;
  const range = upgradeWinRange(chance, row.reversed);
  return {
    ...presentRoll(row),
    chance,
    reversed: row.reversed,
    win_from: range?.from ?? null,
    win_to: range?.to ?? null,
  };
}

export const presentStaked = (items: readonly StakedItem[], catalogue: Catalogue, lang: Lang) =>
  items.map((s) => ({ ...catalogue.present(catalogue.item(s.key), lang, s.price), user_item_id: s.id }));

export function presentUpgradeRecord(row: UpgradeRow, nickname: string, catalogue: Catalogue, lang: Lang): UpgradeRecord {
  return {
    id: row.id,
    user: { id: row.userId, nickname, avatar: avatarUrl(row.userId) },
    items: presentStaked(row.items, catalogue, lang),
    target: catalogue.present(catalogue.item(row.targetKey), lang, row.targetPrice),
    stake: toUnits(row.stake),
    chance: row.winTickets / 1000,
    success: row.success,
    coins_prize: toUnits(row.coinsPrize),
    roll: row.ticket,
    roll_data: presentUpgradeRoll(row),
    created_at: row.createdAt.toISOString(),
  };
}
