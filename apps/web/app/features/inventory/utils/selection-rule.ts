import { ITEM_TYPE } from '@store/shared/constants';
import { toggleSelection } from '#app/lib/selection.ts';

/**
 * The inventory's selection rule (spec §4): only items in progress can be selected; a balance
 * credit (type 3) is never withdrawn with skins, so while one is selected only credits in
 * progress can be selected, and only they are shown. A free drop locked until the first deposit
 * (decision 058) is never selected: everything the selection does sells or withdraws. Pure, tested
 * without a DOM.
 */
export interface SelectableItem {
  id: number;
  type: number;
  status: string;
  saleLocked?: boolean;
}

const usable = (item: SelectableItem) => item.status === 'progress' && !item.saleLocked;

const isCredit = (item: SelectableItem) => item.type === ITEM_TYPE.credit;

export const holdsCredit = (selected: ReadonlyMap<number, SelectableItem>): boolean => [...selected.values()].some(isCredit);

export function canSelect(item: SelectableItem, selected: ReadonlyMap<number, SelectableItem>): boolean {
  if (!usable(item)) return false;
  return isCredit(item) || !holdsCredit(selected);
}

/** What the grid shows: everything, or only credits in progress while a credit is selected. */
export function visibleItems<T extends SelectableItem>(items: readonly T[], selected: ReadonlyMap<number, SelectableItem>): T[] {
  return holdsCredit(selected) ? items.filter((i) => isCredit(i) && i.status === 'progress') : [...items];
}

/**
 * The selection after a click on `item`: a selected item is let go; a credit picked while skins
 * are selected starts a selection of credits. `full` when the limit stopped it, `same` when the
 * item cannot be selected at all.
 */
export function toggleItem<T extends SelectableItem>(selected: ReadonlyMap<number, T>, item: T, max: number): Map<number, T> | 'full' | 'same' {
  if (!selected.has(item.id) && !usable(item)) return 'same';
  const base = isCredit(item) && !selected.has(item.id) ? new Map([...selected].filter(([, i]) => isCredit(i))) : selected;
  return toggleSelection(base, item.id, item, max) ?? 'full';
}

/**
 * "Select all": the first `max` selectable items in the order shown; credits when a credit is
 * selected, otherwise everything but credits (a credit is picked on its own).
 */
export function selectAll<T extends SelectableItem>(items: readonly T[], selected: ReadonlyMap<number, T>, max: number): Map<number, T> {
  const credits = holdsCredit(selected);
  const pick = items.filter((i) => usable(i) && isCredit(i) === credits).slice(0, Math.max(0, max));
  return new Map(pick.map((i) => [i.id, i]));
}

/**
 * The quick sale's pick after a tap on `item`: anything that can be sold (a sale takes skins,
 * packs and credits together), at most `max` (spec §5). Null when nothing changes: the item
 * cannot be sold, or the pick is full.
 */
export function quickSaleToggle<T extends SelectableItem>(picked: ReadonlyMap<number, T>, item: T, max: number): Map<number, T> | null {
  if (!picked.has(item.id) && !usable(item)) return null;
  return toggleSelection(picked, item.id, item, max);
}

/** The quick sale's "select first N": the first `max` items that can be sold, in the order listed. */
export function quickSaleFirst<T extends SelectableItem>(items: readonly T[], max: number): Map<number, T> {
  return new Map(items.filter(usable).slice(0, Math.max(0, max)).map((i) => [i.id, i]));
}
