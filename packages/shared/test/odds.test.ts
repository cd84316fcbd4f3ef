import { describe, expect, it } from 'vitest';
import { buildRanges, chancePercent, expectedValue, pickByTicket, returnToPlayer } from '../src/odds.ts';

describe('odds tables', () => {
  const drops = [
    { item: 'a', tickets: 79_000 },
    { item: 'b', tickets: 16_000 },
    { item: 'c', tickets: 4_000 },
    { item: 'd', tickets: 999 },
    { item: 'e', tickets: 1 },
  ];

  it('covers 1..100000 with disjoint contiguous ranges', () => {
    const ranges = buildRanges(drops);
    expect(ranges[0]).toEqual({ item: 'a', from: 1, to: 79_000 });
    expect(ranges.at(-1)).toEqual({ item: 'e', from: 100_000, to: 100_000 });
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.from).toBe(ranges[i - 1]!.to + 1);
  });

  it('refuses tables that do not sum to 100000 or have empty drops', () => {
    expect(() => buildRanges([{ item: 'a', tickets: 99_999 }])).toThrow(/99999/);
    expect(() => buildRanges([{ item: 'a', tickets: 100_000 }, { item: 'b', tickets: 0 }])).toThrow();
    expect(() => buildRanges([{ item: 'a', tickets: 50_000.5 }, { item: 'b', tickets: 49_999.5 }])).toThrow();
  });

  it('picks exactly one drop for every ticket, at the edges too', () => {
    const ranges = buildRanges(drops);
    expect(pickByTicket(ranges, 1).item).toBe('a');
    expect(pickByTicket(ranges, 79_000).item).toBe('a');
    expect(pickByTicket(ranges, 79_001).item).toBe('b');
    expect(pickByTicket(ranges, 99_999).item).toBe('d');
    expect(pickByTicket(ranges, 100_000).item).toBe('e');
    const counts: Record<string, number> = {};
    for (let t = 1; t <= 100_000; t++) counts[pickByTicket(ranges, t).item] = (counts[pickByTicket(ranges, t).item] ?? 0) + 1;
    expect(counts).toEqual({ a: 79_000, b: 16_000, c: 4_000, d: 999, e: 1 });
    expect(() => pickByTicket(ranges, 0)).toThrow('ticket out of range: 0');
    expect(() => pickByTicket(ranges, 100_001)).toThrow('ticket out of range: 100001');
  });

  it('refuses a ticket that is not a whole number instead of rounding it into a range', () => {
    const ranges = buildRanges(drops);
    expect(() => pickByTicket(ranges, 1.5)).toThrow('ticket out of range: 1.5');
    expect(() => pickByTicket(ranges, 79_000.5)).toThrow('ticket out of range');
    expect(() => pickByTicket(ranges, Number.NaN)).toThrow('ticket out of range');
  });

  it('names the drop that has no whole number of tickets', () => {
    expect(() => buildRanges([{ item: 'a', tickets: 100_000 }, { item: 'b', tickets: 0 }])).toThrow('tickets must be a positive integer, got 0');
    expect(() => buildRanges([{ item: 'a', tickets: 50_000.5 }, { item: 'b', tickets: 49_999.5 }])).toThrow('tickets must be a positive integer, got 50000.5');
  });

  it('finds no drop in ranges that do not cover the ticket', () => {
    expect(() => pickByTicket([], 5)).toThrow('no range holds ticket 5');
    expect(() => pickByTicket([{ item: 'a', from: 1, to: 10 }, { item: 'b', from: 20, to: 100_000 }], 15)).toThrow('no range holds ticket 15');
  });

  it('computes expected value, return to player and displayed chance', () => {
    const priced = [
      { tickets: 90_000, price: 50 },
      { tickets: 10_000, price: 500 },
    ];
    expect(expectedValue(priced)).toBe(95);
    expect(returnToPlayer(priced, 100)).toBeCloseTo(0.95);
    // A free case has no return to speak of, rather than an infinite one.
    expect(returnToPlayer(priced, 0)).toBe(0);
    expect(chancePercent(1)).toBe(0.001);
    expect(chancePercent(12_345)).toBe(12.345);
  });
});
