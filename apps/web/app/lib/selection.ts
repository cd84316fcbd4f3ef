/**
 * Picking items up to a limit (spec §9: at most 10 to sell or withdraw, 15 to upgrade), one rule
 * for the inventory, the upgrade page and the contract page.
 */

/**
 * The selection after a click on `key`: a selected item is let go, a new one is added while there
 * is room. Null when the selection is already full, so the page can say why nothing changed.
 */
export function toggleSelection<K, V>(selected: ReadonlyMap<K, V>, key: K, value: V, max: number): Map<K, V> | null {
  const next = new Map(selected);
  if (next.has(key)) next.delete(key);
  else if (next.size >= max) return null;
  else next.set(key, value);
  return next;
}

/** "Select first N": the first `max` items in the order shown, replacing any earlier pick. */
export function selectFirst<T extends { id: number }>(items: readonly T[], max: number): Map<number, T> {
  return new Map(items.slice(0, Math.max(0, max)).map((item) => [item.id, item]));
}
