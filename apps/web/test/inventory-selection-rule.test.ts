import { describe, expect, it } from 'vitest';
import { canSelect, holdsCredit, quickSaleFirst, quickSaleToggle, selectAll, toggleItem, visibleItems, type SelectableItem } from '#app/features/inventory/utils/selection-rule.ts';

const skin = (id: number, status = 'progress') => ({ id, type: 0, status });
const pack = (id: number) => ({ id, type: 1, status: 'progress' });
const credit = (id: number, status = 'progress') => ({ id, type: 3, status });
const sel = (...items: { id: number; type: number; status: string }[]) => new Map(items.map((i) => [i.id, i]));

describe('the inventory selection rule (spec §4)', () => {
  it('selects only items in progress', () => {
    expect(canSelect(skin(1), sel())).toBe(true);
    expect(canSelect(skin(1, 'PREPARING'), sel())).toBe(false);
    expect(canSelect(credit(1, 'STEAM_WITHDRAWN'), sel())).toBe(false);
    expect(toggleItem(sel(), skin(1, 'send'), 10)).toBe('same');
  });

  it('while a credit is selected, only credits in progress are selectable and shown', () => {
    const withCredit = sel(credit(5));
    expect(holdsCredit(withCredit)).toBe(true);
    expect(canSelect(skin(1), withCredit)).toBe(false);
    expect(canSelect(pack(2), withCredit)).toBe(false);
    expect(canSelect(credit(6), withCredit)).toBe(true);
    const items = [skin(1), pack(2), credit(5), credit(6), credit(7, 'selled')];
    expect(visibleItems(items, withCredit).map((i) => i.id)).toEqual([5, 6]);
    expect(visibleItems(items, sel(skin(1))).map((i) => i.id)).toEqual([1, 2, 5, 6, 7]);
  });

  it('never selects a free drop locked until the first deposit (decision 058), not even by "select all"', () => {
    const locked = { ...skin(4), saleLocked: true };
    expect(canSelect(locked, sel())).toBe(false);
    expect(toggleItem(sel(), locked, 10)).toBe('same');
    expect([...selectAll([skin(1), locked, skin(2)], sel(), 10).keys()]).toEqual([1, 2]);
  });

  it('a credit picked while skins are selected starts a selection of credits', () => {
    const next = toggleItem(sel(skin(1), pack(2)), credit(5), 10);
    expect(next instanceof Map && [...next.keys()]).toEqual([5]);
  });

  it('lets a selected item go, and stops at the limit', () => {
    const next = toggleItem(sel(skin(1), skin(2)), skin(1), 10);
    expect(next instanceof Map && [...next.keys()]).toEqual([2]);
    expect(toggleItem(sel(skin(1), skin(2)), skin(3), 2)).toBe('full');
    // Letting go works even when full.
    const freed = toggleItem(sel(skin(1), skin(2)), skin(2), 2);
    expect(freed instanceof Map && [...freed.keys()]).toEqual([1]);
  });

  it('select all takes the first ten selectable items, credits only when a credit is selected', () => {
    const items = [credit(1), ...Array.from({ length: 12 }, (_, i) => skin(10 + i)), skin(30, 'PREPARING'), credit(2)];
    expect([...selectAll(items, sel(), 10).keys()]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect([...selectAll(items, sel(credit(1)), 10).keys()]).toEqual([1, 2]);
    expect(selectAll(items, sel(), 0).size).toBe(0);
  });
});

describe("the quick sale's pick (spec §5: at most 10 items a sale)", () => {
  it('adds and lets go one at a time, and stops at the limit', () => {
    let picked = sel();
    for (let id = 1; id <= 10; id++) picked = quickSaleToggle(picked, skin(id), 10)!;
    expect(picked.size).toBe(10);
    expect(quickSaleToggle(picked, skin(11), 10)).toBeNull();
    const fewer = quickSaleToggle(picked, skin(3), 10)!;
    expect(fewer.has(3)).toBe(false);
    expect(quickSaleToggle(fewer, skin(11), 10)!.has(11)).toBe(true);
  });

  it('sells skins, packs and credits together, never a locked free drop or an item not in progress', () => {
    const picked = quickSaleToggle(quickSaleToggle(sel(skin(1)), pack(2), 10)!, credit(3), 10)!;
    expect([...picked.keys()]).toEqual([1, 2, 3]);
    const locked: SelectableItem = { ...skin(4), saleLocked: true };
    expect(quickSaleToggle(new Map<number, SelectableItem>(), locked, 10)).toBeNull();
    expect(quickSaleToggle(sel(), skin(5, 'send'), 10)).toBeNull();
  });

  it('"select first 10" takes the first ten that can be sold, in the order listed', () => {
    const items = [{ ...skin(1), saleLocked: true }, ...Array.from({ length: 12 }, (_, i) => skin(i + 2))];
    expect([...quickSaleFirst(items, 10).keys()]).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});
