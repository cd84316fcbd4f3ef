import { describe, expect, it } from 'vitest';
import { TICKETS } from '../src/constants.ts';
import {
  buildContractTable,
  contractExpectedValue,
  contractMultipliers,
  pickContractOutcome,
  type ContractCandidate,
  type ContractOutcome,
} from '../src/contract.ts';

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
    expect(() => pickContractOutcome(table, 0)).toThrow('no contract outcome holds ticket 0');
    expect(() => pickContractOutcome(table, TICKETS + 1)).toThrow('no contract outcome holds ticket 100001');
  });

  it('is a pure function of the stake and the candidates', () => {
    expect(buildContractTable({ stake: 7777, candidates: pool, rules })).toEqual(buildContractTable({ stake: 7777, candidates: pool, rules }));
  });

  // The published tables themselves, row by row: the weight fitting, the whole-ticket rounding and
  // the widening are all visible here, not only through the expected value.
  const rows = (table: ContractOutcome[] | null) => table?.map((r) => [r.key, r.price, r.tickets]) ?? null;
  const named = (prices: number[]) => prices.map((price, i) => ({ key: String.fromCharCode(97 + i), price }));

  it('publishes this table for a stake of 10000', () => {
    const table = buildContractTable({ stake: 10_000, candidates: pool, rules })!;
    expect(rows(table)).toEqual([
      ['item-1691', 2503, 20776],
      ['item-842', 3396, 17093],
      ['item-783', 4630, 14015],
      ['item-1880', 6304, 11504],
      ['item-1580', 8620, 9415],
      ['item-1966', 11640, 7769],
      ['item-833', 15888, 6362],
      ['item-1541', 21612, 5229],
      ['item-852', 29189, 4314],
      ['item-1367', 40006, 3523],
    ]);
    // Checked without the rule's code: tickets follow one power of the price, t ∝ price^-k.
    const k = Math.log(table[0]!.tickets / table.at(-1)!.tickets) / Math.log(table.at(-1)!.price / table[0]!.price);
    expect(k).toBeCloseTo(0.64, 2);
    for (const r of table) expect(Math.abs(r.tickets - table[0]!.tickets * (r.price / table[0]!.price) ** -k)).toBeLessThan(5);
    expect(table.reduce((s, r) => s + r.tickets * r.price, 0)).toBe(900_000_370); // 0.9 × 10000 × 100000, 370 over
  });

  it('publishes the same table whichever way the bands are listed', () => {
    const reversed = { ...rules, min_multiplier: rules.max_multiplier, max_multiplier: rules.min_multiplier };
    expect(buildContractTable({ stake: 10_000, candidates: pool, rules: reversed })).toEqual(buildContractTable({ stake: 10_000, candidates: pool, rules }));
  });

  it('widens to the closest item below RTP × S when every band lands above it', () => {
    // Bands from 2 × S: 200, 300 and 400 are nearest; 10 is the only item under 90.
    const table = buildContractTable({ stake: 100, candidates: named([10, 200, 300, 400]), rules: { ...rules, min_multiplier: 2 } });
    expect(rows(table)).toEqual([['a', 10, 71028], ['b', 200, 11847], ['c', 300, 9297], ['d', 400, 7828]]);
  });

  it('widens below when the cheapest band item is worth exactly RTP × S', () => {
    // 90 = 0.9 × 100 is picked by the first band; a table needs something strictly cheaper too.
    const table = buildContractTable({ stake: 100, candidates: named([10, 90, 200, 400]), rules: { ...rules, min_multiplier: 0.9, bands: 4 } });
    expect(rows(table)).toEqual([['a', 10, 56671], ['b', 90, 19917], ['c', 200, 13620], ['d', 400, 9792]]);
  });

  it('widens above when the dearest band item is worth exactly RTP × S', () => {
    const table = buildContractTable({ stake: 100, candidates: named([10, 40, 90, 300]), rules: { ...rules, min_multiplier: 0.1, max_multiplier: 0.9, bands: 4 } });
    expect(rows(table)).toEqual([['a', 10, 32661], ['b', 40, 25984], ['c', 90, 22726], ['d', 300, 18629]]);
  });

  it('shows one row per price, the first item of that price', () => {
    // Bands land on both items priced 50; the table keeps a.
    const table = buildContractTable({ stake: 100, candidates: named([50, 50, 200]), rules });
    expect(rows(table)).toEqual([['a', 50, 73333], ['c', 200, 26667]]);
    expect(contractExpectedValue(table!)).toBeCloseTo(90, 2);
  });

  it('keeps a ticket on every row even when that row is far too rich for the RTP', () => {
    // Bands reach 1000 × S; one ticket of the 1,000,000 item alone adds 10 to the expected value.
    const table = buildContractTable({ stake: 1000, candidates: named([899, 901, 1_000_000]), rules: { ...rules, max_multiplier: 1000, bands: 3 } });
    expect(rows(table)).toEqual([['a', 899, 99_998], ['b', 901, 1], ['c', 1_000_000, 1]]);
  });

  it('takes the surplus of those one-ticket rows from the most likely row', () => {
    // Two rows would round to no ticket at all; each gets one, and a loses two.
    const table = buildContractTable({ stake: 1000, candidates: named([899, 901, 60_000, 1_000_000]), rules: { ...rules, max_multiplier: 1000, bands: 4 } });
    expect(rows(table)).toEqual([['a', 899, 99_997], ['b', 901, 1], ['c', 60_000, 1], ['d', 1_000_000, 1]]);
  });

  it('never moves the last ticket off a row while fixing the rounding', () => {
    // RTP × S = 900 sits between 899 and 901; item a (price 1) keeps its single ticket.
    const table = buildContractTable({ stake: 1000, candidates: named([1, 899, 901]), rules: { ...rules, min_multiplier: 0.001, max_multiplier: 0.9, bands: 2 } });
    expect(rows(table)).toEqual([['a', 1, 1], ['b', 899, 49_550], ['c', 901, 50_449]]);
    expect(1 * 1 + 899 * 49_550 + 901 * 50_449).toBe(900 * TICKETS);
  });

  it('weights prices that double by one constant ratio, a row worth exactly the stake included', () => {
    const table = buildContractTable({ stake: 100, candidates: named([50, 100, 200]), rules })!;
    expect(rows(table)).toEqual([['a', 50, 53_418], ['b', 100, 29_873], ['c', 200, 16_709]]);
    // t ∝ price^-k: equal price ratios give equal ticket ratios; the EV is exactly 90.
    expect(53_418 / 29_873).toBeCloseTo(29_873 / 16_709, 3);
    expect(50 * 53_418 + 100 * 29_873 + 200 * 16_709).toBe(90 * TICKETS);
  });

  it('refuses an empty catalogue, a single price and a stake that is not a positive number', () => {
    expect(buildContractTable({ stake: 100, candidates: [], rules })).toBeNull();
    expect(buildContractTable({ stake: 100, candidates: [{ key: 'a', price: 50 }], rules })).toBeNull();
    expect(buildContractTable({ stake: 100, candidates: named([50, 50]), rules })).toBeNull();
    expect(buildContractTable({ stake: Number.NaN, candidates: pool, rules })).toBeNull();
    expect(buildContractTable({ stake: -500, candidates: pool, rules })).toBeNull();
    expect(buildContractTable({ stake: 10_000, candidates: pool, rules: { ...rules, rtp: Number.NaN } })).toBeNull();
  });

  it('builds a two-row table from two prices', () => {
    expect(rows(buildContractTable({ stake: 100, candidates: named([50, 200]), rules }))).toEqual([['a', 50, 73333], ['b', 200, 26667]]);
  });

  it('has a single band at the minimum multiplier when fewer than two are asked for', () => {
    expect(contractMultipliers({ min_multiplier: 0.5, max_multiplier: 3, bands: 1 })).toEqual([0.5]);
    expect(contractMultipliers({ min_multiplier: 0.5, max_multiplier: 3, bands: 0 })).toEqual([0.5]);
    expect(contractMultipliers({ min_multiplier: 0.5, max_multiplier: 3, bands: 2 })).toEqual([0.5, 3]);
    expect(contractMultipliers({ min_multiplier: 0.25, max_multiplier: 4, bands: 3 })).toEqual([0.25, 1, 4]);
  });
});

// Mutants `npm run mutate` leaves alive in contract.ts, each equivalent: no input tells it apart.
// The last four were also run against the rule on 430 000 random catalogues, stakes and rules
// (and the real catalogues); no table came out different.
// - line 59, `if (!prices)` → `if (true)`: the cache of candidate prices is bypassed and the same
//   prices are read again.
// - line 91, `n === 0 ||` → `false ||`: for the first row idx[-1] is undefined, so
//   `prices[i] !== prices[undefined]` keeps it anyway.
// - line 122, `a < values.length` → `a <= values.length`: the extra outer step has no b > a, so it
//   adds no pair.
// - line 100, `n < 50` → `n <= 50`: a 51st halving moves k by less than 1e-13, far below what changes
//   a whole ticket.
// - line 102, `> target` → `>= target`: differs only when a midpoint's continuous EV equals RTP × S
//   exactly, and then the whole-ticket correction lands on the same table.
// - line 114, `Math.max(...tickets)` → `Math.min`: the surplus of one-ticket rows is taken from a
//   one-ticket row instead; the correction's clamp gives every row its ticket back from the same
//   neighbour, ending on the same table.
// - line 125, `pass < 2` → `pass <= 2`: after two passes the deficit is within half of every gap, so
//   a third pass moves no ticket.
