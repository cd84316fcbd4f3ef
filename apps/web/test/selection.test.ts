import { CONTRACT_MAX_ITEMS, MAX_SELL_OR_WITHDRAW_ITEMS, MAX_UPGRADE_ITEMS } from '@store/shared/constants';
import { describe, expect, it } from 'vitest';
import { selectFirst, toggleSelection } from '#app/lib/selection.ts';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 100 + i, price: i + 1 }));

/** Clicks the items in order as a player would; returns what ended up selected and how many clicks were refused. */
function clickAll(ids: number[], max: number, start: ReadonlyMap<number, number> = new Map()) {
  let selected = start;
  let refused = 0;
  for (const id of ids) {
    const next = toggleSelection(selected, id, id, max);
    if (next) selected = next;
    else refused++;
  }
  return { selected, refused };
}

describe('selection limits (spec §9)', () => {
  it('the store limits are the ones the spec names: 10 to sell, 15 to upgrade, 10 in a contract', () => {
    expect(MAX_SELL_OR_WITHDRAW_ITEMS).toBe(10);
    expect(MAX_UPGRADE_ITEMS).toBe(15);
    expect(CONTRACT_MAX_ITEMS).toBe(10);
  });

  it('refuses the 11th inventory selection and keeps the first 10', () => {
    const ids = items(11).map((i) => i.id);
    const { selected, refused } = clickAll(ids, MAX_SELL_OR_WITHDRAW_ITEMS);
    expect(refused).toBe(1);
    expect([...selected.keys()]).toEqual(ids.slice(0, 10));
  });

  it('says "full" without changing the selection it was given', () => {
    const full = clickAll(items(10).map((i) => i.id), 10).selected;
    expect(toggleSelection(full, 999, 999, 10)).toBeNull();
    expect(full.size).toBe(10);
    expect(full.has(999)).toBe(false);
  });

  it('lets a player unselect an item when the selection is full, and then pick another', () => {
    const ids = items(10).map((i) => i.id);
    const full = clickAll(ids, 10).selected;
    const afterUnselect = toggleSelection(full, ids[3]!, ids[3]!, 10);
    expect(afterUnselect?.size).toBe(9);
    expect(afterUnselect?.has(ids[3]!)).toBe(false);
    const again = toggleSelection(afterUnselect!, 500, 500, 10);
    expect(again?.size).toBe(10);
    expect(again?.has(500)).toBe(true);
  });

  it('a second click on a selected item unselects it, and the earlier selection object is left as it was', () => {
    const one = toggleSelection(new Map<number, number>(), 7, 12.5, 10)!;
    const none = toggleSelection(one, 7, 12.5, 10)!;
    expect(none.size).toBe(0);
    expect(one.get(7)).toBe(12.5);
  });

  it('keeps what was selected with it, so the page can sum the selected prices', () => {
    let sel: ReadonlyMap<number, number> = new Map();
    for (const item of items(3)) sel = toggleSelection(sel, item.id, item.price, 10)!;
    expect([...sel.values()].reduce((s, p) => s + p, 0)).toBe(1 + 2 + 3);
  });

  it('takes up to 15 items for an upgrade and refuses the 16th', () => {
    const ids = items(16).map((i) => i.id);
    const { selected, refused } = clickAll(ids, MAX_UPGRADE_ITEMS);
    expect(selected.size).toBe(15);
    expect(refused).toBe(1);
    expect(selected.has(ids[15]!)).toBe(false);
  });

  it('refuses the 11th item of a contract', () => {
    const { selected, refused } = clickAll(items(11).map((i) => i.id), CONTRACT_MAX_ITEMS);
    expect(selected.size).toBe(10);
    expect(refused).toBe(1);
  });

  it('"select first 15" takes the first 15 in the order shown', () => {
    const list = items(40);
    const picked = selectFirst(list, MAX_UPGRADE_ITEMS);
    expect([...picked.keys()]).toEqual(list.slice(0, 15).map((i) => i.id));
    expect(picked.get(list[0]!.id)).toBe(list[0]);
  });

  it('"select first 15" takes all of a smaller inventory, and nothing of an empty one', () => {
    expect(selectFirst(items(4), 15).size).toBe(4);
    expect(selectFirst([], 15).size).toBe(0);
  });

  it('"select first 15" replaces an earlier pick instead of adding to it', () => {
    const list = items(20);
    const earlier = clickAll([list[18]!.id, list[19]!.id], 15).selected;
    expect(earlier.size).toBe(2);
    const picked = selectFirst(list, 15);
    expect(picked.size).toBe(15);
    expect(picked.has(list[19]!.id)).toBe(false);
  });

  it('after "select first 15" one more item is refused, one of the 15 can be let go', () => {
    const list = items(20);
    const picked = selectFirst(list, 15);
    expect(toggleSelection(picked, list[15]!.id, list[15]!, 15)).toBeNull();
    expect(toggleSelection(picked, list[0]!.id, list[0]!, 15)?.size).toBe(14);
  });
});
