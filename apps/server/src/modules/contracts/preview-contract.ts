import type { Lang } from '@store/shared/errors';
import type { ContractPreview } from '@store/shared/api/contracts';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { readStakeable } from '../inventory/stake-items.ts';
import { checkCount, presentOutcomes, stakeOf, tableFor, type ContractRules } from './outcome-table.ts';

/** The table a selection would be signed with right now; reads only, changes nothing. */
export async function previewContract(opts: { db: Executor; catalogue: Catalogue; rules: ContractRules; userId: number; ids: number[]; lang: Lang }): Promise<ContractPreview> {
  const { db, catalogue, rules, userId, ids, lang } = opts;
  checkCount(ids, rules);
  const items = await readStakeable(db, { userId, ids });
  const stake = stakeOf(items);
  const table = tableFor(stake, catalogue, rules);
  return {
    stake: toUnits(stake),
    outcomes: presentOutcomes(table, catalogue, lang),
    min_value: toUnits(table[0]!.price),
    max_value: toUnits(table.at(-1)!.price),
    rtp: rules.rtp,
    min_items: rules.min_items,
    max_items: rules.max_items,
  };
}
