import type { Lang } from '@store/shared/errors';
import type { ContractOutcome as WireOutcome } from '@store/shared/api/contracts';
import { buildContractTable, type ContractOutcome } from '@store/shared/contract';
import { chancePercent } from '@store/shared/odds';
import type { ProjectConfig } from '../../config/projects.ts';
import type { StakedItem } from '../inventory/stake-items.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';

export type ContractRules = ProjectConfig['contracts'];

/** The count rule and the table for a selection; refusals carry the catalogue codes. */
export function checkCount(ids: readonly number[], rules: ContractRules): void {
  const count = new Set(ids).size;
  if (!count) throw new AppError('inventory');
  if (count < rules.min_items || count > rules.max_items) throw new AppError('contract_items_count', { min: rules.min_items, max: rules.max_items });
}

/** The published table for a stake, from the whole catalogue sorted by price. */
export function tableFor(stake: number, catalogue: Catalogue, rules: ContractRules): ContractOutcome[] {
  const candidates = catalogue.byPrice().map((i) => ({ key: i.key, price: i.price }));
  const table = buildContractTable({ stake, candidates, rules });
  if (!table) throw new AppError('contract_unavailable');
  return table;
}

export const stakeOf = (items: readonly StakedItem[]) => items.reduce((s, i) => s + i.price, 0);

export const presentOutcomes = (table: readonly { key: string; price: number; from: number; to: number }[], catalogue: Catalogue, lang: Lang): WireOutcome[] =>
  table.map((r) => ({
    item: catalogue.present(catalogue.item(r.key), lang, r.price),
    chance: chancePercent(r.to - r.from + 1),
    ticket_from: r.from,
    ticket_to: r.to,
  }));
