/**
 * How many of a case one opening may take (the `multi_open` values the server accepts): a
 * multifix case opens exactly its number, a multicast case a count in its range, any other
 * case 1 to its maximum. The SQL of the opening enforces the same rule.
 */
export function openCounts(c: { multifixNumber: number | null; multicastRange: readonly [number, number] | null; maxMultiOpen: number }): number[] {
  if (c.multifixNumber) return [c.multifixNumber];
  const [from, to] = c.multicastRange ?? [1, c.maxMultiOpen];
  const out: number[] = [];
  for (let n = Math.max(1, from); n <= to; n++) out.push(n);
  return out;
}
