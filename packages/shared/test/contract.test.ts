import { describe, expect, it } from 'vitest';
import { TICKETS } from '../src/constants.ts';
import { buildContractTable, contractExpectedValue, contractMultipliers, pickContractOutcome, type ContractCandidate } from '../src/contract.ts';

const rules = { rtp: 0.9, min_multiplier: 0.25, max_multiplier: 4, bands: 10 };

/** A catalogue-like spread: prices from 1 to ~1,000,000 minor units, log-uniform. */
function candidates(n = 2000, seed = 7): ContractCandidate[] {
  let x = seed;
  const rnd = () => ((x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: n }, (_, i) => ({ key: `item-${i}`, price: Math.max(1, Math.round(Math.exp(rnd() * Math.log(1_000_000)))) })).sort(
    (a, b) => a.price - b.price,
  );
}

describe('contract outcome table', () => {
  const pool = candidates();

  it('has geometric band multipliers from min to max', () => {
    const m = contractMultipliers(rules);
    expect(m).toHaveLength(10);
    expect(m[0]).toBeCloseTo(0.25, 10);
    expect(m.at(-1)).toBeCloseTo(4, 10);
    for (let i = 1; i < m.length; i++) expect(m[i]! / m[i - 1]!).toBeCloseTo(m[1]! / m[0]!, 10);
  });

  it.each([300, 1_000, 5_000, 20_000, 123_456, 240_000])('covers 1..100000 and meets RTP × S for stake %i', (stake) => {
    const table = buildContractTable({ stake, candidates: pool, rules })!;
    expect(table).not.toBeNull();
    expect(table.length).toBeGreaterThanOrEqual(5);
    expect(table[0]!.from).toBe(1);
    expect(table.at(-1)!.to).toBe(TICKETS);
    for (let i = 0; i < table.length; i++) {
      const r = table[i]!;
      expect(r.tickets).toBeGreaterThanOrEqual(1);
      expect(r.to - r.from + 1).toBe(r.tickets);
      if (i > 0) {
        expect(r.from).toBe(table[i - 1]!.to + 1);
        expect(r.price).toBeGreaterThan(table[i - 1]!.price);
      }
    }
    expect(table.reduce((s, r) => s + r.tickets, 0)).toBe(TICKETS);
    const ev = contractExpectedValue(table);
    // Within a thousandth of a percent of the stake.
    expect(Math.abs(ev - 0.9 * stake) / stake).toBeLessThan(1e-5);
    // The range runs from a fraction to a multiple of the stake, cheap rows most likely.
    expect(table[0]!.price).toBeLessThan(0.5 * stake);
    expect(table.at(-1)!.price).toBeGreaterThan(2.5 * stake);
    expect(table[0]!.tickets).toBeGreaterThan(table.at(-1)!.tickets);
  });

  it('meets the RTP across many stakes', () => {
    for (let stake = 400; stake < 1_000_000; stake = Math.round(stake * 1.37)) {
      const table = buildContractTable({ stake, candidates: pool, rules });
      expect(table, `stake ${stake}`).not.toBeNull();
      expect(Math.abs(contractExpectedValue(table!) - 0.9 * stake) / stake).toBeLessThan(1e-4);
    }
  });

  it('still meets the RTP when the catalogue is coarse around the stake', () => {
    const coarse = [{ key: 'a', price: 5 }, { key: 'b', price: 100 }, { key: 'c', price: 1000 }];
    const table = buildContractTable({ stake: 30, candidates: coarse, rules })!;
    expect(table.map((r) => r.key)).toEqual(['a', 'b']);
    expect(Math.abs(contractExpectedValue(table) - 27)).toBeLessThan(0.01);
  });

  it('refuses when nothing is worth more (or less) than RTP × S', () => {
    const few = [{ key: 'a', price: 10 }, { key: 'b', price: 20 }];
    expect(buildContractTable({ stake: 100, candidates: few, rules })).toBeNull();
    expect(buildContractTable({ stake: 5, candidates: few, rules })).toBeNull();
    expect(buildContractTable({ stake: 0, candidates: pool, rules })).toBeNull();
  });

  it('picks the row that holds a ticket', () => {
    const table = buildContractTable({ stake: 10_000, candidates: pool, rules })!;
    expect(pickContractOutcome(table, 1)).toBe(table[0]);
    expect(pickContractOutcome(table, TICKETS)).toBe(table.at(-1));
    for (const r of table) expect(pickContractOutcome(table, r.to)).toBe(r);
    expect(() => pickContractOutcome(table, 0)).toThrow();
  });

  it('is a pure function of the stake and the candidates', () => {
    expect(buildContractTable({ stake: 7777, candidates: pool, rules })).toEqual(buildContractTable({ stake: 7777, candidates: pool, rules }));
  });
});
