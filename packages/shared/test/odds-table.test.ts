import { describe, expect, it } from 'vitest';
import {
  CASE_RTP_GUARD,
  describeOddsProblem,
  oddsTableProblems,
  rtpNeedsConfirmation,
  sortRanges,
  summarizeOdds,
  type TicketRange,
} from '../src/odds.ts';
import { SIMULATION_MAX_OPENINGS, simulateCaseOpenings } from '../src/odds-simulation.ts';

const known = new Set(['a', 'b', 'c']);
const isKnown = (k: string) => known.has(k);
const sound: TicketRange[] = [
  { item: 'a', from: 1, to: 90_000 },
  { item: 'b', from: 90_001, to: 99_000 },
  { item: 'c', from: 99_001, to: 100_000 },
];
const kinds = (ranges: TicketRange[]) => oddsTableProblems(ranges, isKnown).map((p) => p.kind);

describe('checking an odds table', () => {
  it('accepts a table that covers 1..100000 exactly, in any order', () => {
    expect(oddsTableProblems(sound, isKnown)).toEqual([]);
    expect(oddsTableProblems([...sound].reverse(), isKnown)).toEqual([]);
    expect(oddsTableProblems([{ item: 'a', from: 1, to: 100_000 }], isKnown)).toEqual([]);
    expect(sortRanges([...sound].reverse())).toEqual(sound);
  });

  it('finds a gap, at the start, in the middle and at the end', () => {
    expect(oddsTableProblems([{ item: 'a', from: 2, to: 100_000 }], isKnown)).toEqual([{ kind: 'gap', from: 1, to: 1 }]);
    expect(oddsTableProblems([sound[0]!, { ...sound[1]!, from: 90_002 }, sound[2]!], isKnown)).toEqual([{ kind: 'gap', from: 90_001, to: 90_001 }]);
    expect(oddsTableProblems([sound[0]!, sound[1]!, { ...sound[2]!, to: 99_999 }], isKnown)).toEqual([{ kind: 'gap', from: 100_000, to: 100_000 }]);
  });

  it('finds an overlap, a range beyond 100000 or below 1, a reversed range, fractions and unknown items', () => {
    expect(oddsTableProblems([sound[0]!, { ...sound[1]!, from: 90_000 }, sound[2]!], isKnown)).toEqual([{ kind: 'overlap', index: 1, with: 0 }]);
    // A range inside another overlaps it too.
    expect(kinds([{ item: 'a', from: 1, to: 100_000 }, { item: 'b', from: 5, to: 6 }])).toEqual(['overlap']);
    expect(kinds([sound[0]!, sound[1]!, { ...sound[2]!, to: 100_001 }])).toEqual(['out_of_bounds', 'gap']);
    expect(kinds([{ item: 'a', from: 0, to: 100_000 }])).toEqual(['out_of_bounds']);
    expect(kinds([sound[0]!, { ...sound[1]!, from: 99_000, to: 90_001 }, sound[2]!])).toEqual(['reversed', 'gap']);
    expect(kinds([{ ...sound[0]!, to: 90_000.5 }, sound[1]!, sound[2]!])).toContain('not_integer');
    expect(kinds([sound[0]!, { ...sound[1]!, item: 'zz' }, sound[2]!])).toEqual(['unknown_item']);
    expect(kinds([])).toEqual(['empty']);
  });

  it('describes each problem in a line', () => {
    for (const p of oddsTableProblems([{ item: 'zz', from: 0, to: 5 }, { item: 'a', from: 10, to: 9 }, { item: 'a', from: 20, to: 30 }, { item: 'b', from: 25, to: 1.5 }], isKnown))
      expect(describeOddsProblem(p)).toMatch(/\w/);
    expect(describeOddsProblem({ kind: 'gap', from: 3, to: 9 })).toBe('tickets 3..9 belong to no item');
  });

  it('checks every one-ticket shift of a boundary: only the exact table passes', () => {
    for (const shift of [-2, -1, 1, 2]) {
      const moved = [{ ...sound[0]!, to: 90_000 + shift }, sound[1]!, sound[2]!];
      expect(oddsTableProblems(moved, isKnown)).not.toEqual([]);
    }
  });
});

describe('chances, expected value and return to player', () => {
  const prices: Record<string, number> = { a: 50, b: 500, c: 5_000 };
  it('sums each item over its ranges and weighs prices by tickets', () => {
    const s = summarizeOdds({ ranges: sound, priceOf: (k) => prices[k]!, casePrice: 150 });
    expect(s.items).toEqual([
      { item: 'a', tickets: 90_000, chance: 90, price: 50 },
      { item: 'b', tickets: 9_000, chance: 9, price: 500 },
      { item: 'c', tickets: 1_000, chance: 1, price: 5_000 },
    ]);
    expect(s.expected_value).toBeCloseTo(0.9 * 50 + 0.09 * 500 + 0.01 * 5_000, 9);
    expect(s.rtp).toBeCloseTo(140 / 150, 9);
    const split = summarizeOdds({ ranges: [{ item: 'a', from: 1, to: 10 }, { item: 'b', from: 11, to: 100_000 }, { item: 'a', from: 50_000, to: 50_009 }], priceOf: (k) => prices[k]!, casePrice: 100 });
    expect(split.items[0]).toMatchObject({ item: 'a', tickets: 20, chance: 0.02 });
    expect(summarizeOdds({ ranges: sound, priceOf: (k) => prices[k]!, casePrice: 0 }).rtp).toBe(0);
  });

  it('asks for confirmation outside the guard range only', () => {
    expect(rtpNeedsConfirmation(CASE_RTP_GUARD.min)).toBe(false);
    expect(rtpNeedsConfirmation(CASE_RTP_GUARD.max)).toBe(false);
    expect(rtpNeedsConfirmation(0.9)).toBe(false);
    expect(rtpNeedsConfirmation(CASE_RTP_GUARD.min - 0.0001)).toBe(true);
    expect(rtpNeedsConfirmation(CASE_RTP_GUARD.max + 0.0001)).toBe(true);
    expect(rtpNeedsConfirmation(Number.NaN)).toBe(true);
  });
});

describe('simulating openings', () => {
  const prices: Record<string, number> = { a: 50, b: 500, c: 5_000 };
  it('lands within a few standard errors of the table, reproducibly for a fixed seed', () => {
    const run = () => simulateCaseOpenings({ ranges: sound, priceOf: (k) => prices[k]!, casePrice: 150, n: 20_000, seed: 7 });
    const r = run();
    expect(r.n).toBe(20_000);
    expect(r.counts.reduce((s, c) => s + c.count, 0)).toBe(20_000);
    expect(r.expected_rtp).toBeCloseTo(140 / 150, 5);
    expect(r.standard_error).toBeGreaterThan(0);
    expect(Math.abs(r.observed_rtp - r.expected_rtp)).toBeLessThan(6 * r.standard_error);
    expect(run()).toEqual(r);
  });

  it('bounds n', () => {
    const base = { ranges: sound, priceOf: (k: string) => prices[k]!, casePrice: 150 };
    expect(() => simulateCaseOpenings({ ...base, n: 0 })).toThrow();
    expect(() => simulateCaseOpenings({ ...base, n: SIMULATION_MAX_OPENINGS + 1 })).toThrow();
    expect(simulateCaseOpenings({ ...base, n: 1 }).standard_error).toBe(0);
  });
});
