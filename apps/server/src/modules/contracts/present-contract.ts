import type { Lang } from '@store/shared/errors';
import type { ContractRecord } from '@store/shared/api/contracts';
import { toUnits } from '@store/shared/money';
import type { contracts } from './schema.ts';
import { presentRoll } from '../provably-fair/roll-next.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { avatarUrl } from '../users/get-user.ts';
import { presentStaked } from '../upgrades/present-upgrade.ts';
import { presentOutcomes } from './outcome-table.ts';

export type ContractRow = typeof contracts.$inferSelect;

export const contractMultiplier = (row: Pick<ContractRow, 'itemPrice' | 'stake'>) => Math.round((row.itemPrice / row.stake) * 100) / 100;

export const presentContractRoll = (row: ContractRow) => presentRoll(row);

export function presentContractRecord(row: ContractRow, nickname: string, catalogue: Catalogue, lang: Lang): ContractRecord {
  return {
    id: row.id,
    user: { id: row.userId, nickname, avatar: avatarUrl(row.userId) },
    items: presentStaked(row.items, catalogue, lang),
    item: catalogue.present(catalogue.item(row.itemKey), lang, row.itemPrice),
    stake: toUnits(row.stake),
    multiplier: contractMultiplier(row),
    roll: presentContractRoll(row),
    outcomes: presentOutcomes(row.outcomes, catalogue, lang),
    created_at: row.createdAt.toISOString(),
  };
}
