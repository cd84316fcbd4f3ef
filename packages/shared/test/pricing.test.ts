import { describe, expect, it } from 'vitest';
import { buildRanges, oddsTableProblems, summarizeOdds } from '../src/odds.ts';
import { simulateCaseOpenings } from '../src/odds-simulation.ts';
import { bandStanding, bandTarget, bandText, marketPriceToMinor, parseRtpBand, priceChangePercent, proposeOdds } from '../src/pricing.ts';

const BAND = { min: 0.85, max: 0.95 };

describe('the RTP band', () => {
  it('reads PRICE_RTP_BAND as percents and refuses anything else', () => {
    expect(parseRtpBand('85-95')).toEqual({ min: 0.85, max: 0.95 });
    expect(parseRtpBand(' 80.5 - 97.25 ')).toEqual({ min: 0.805, max: 0.9725 });
    for (const bad of ['95-85', '90-90', '0-50', '85', '85-', 'a-b', '85-250', '-5-90', '85–95']) expect(parseRtpBand(bad), bad).toBeNull();
    expect(bandText({ min: 0.85, max: 0.95 })).toBe('85-95');
  });

  it('places a return below, inside (edges included) or above the band, and aims at its middle', () => {
    expect([0.8499, 0.85, 0.9, 0.95, 0.9501].map((r) => bandStanding(r, BAND))).toEqual(['low', 'in', 'in', 'in', 'high']);
    expect(bandTarget(BAND)).toBeCloseTo(0.9, 12);
  });
});

describe('market prices', () => {
  it('reads a decimal string in whole units into minor units without float errors', () => {
    expect(marketPriceToMinor('1234.56')).toBe(123_456);
    expect(marketPriceToMinor('0.1')).toBe(10);
    expect(marketPriceToMinor('12')).toBe(1_200);
    expect(marketPriceToMinor('1.005')).toBeNull();
    expect(marketPriceToMinor('19.99')).toBe(1_999);
    for (const bad of ['', '-1', '1e3', '1,5', 'abc', '.5', '1.']) expect(marketPriceToMinor(bad), bad).toBeNull();
  });

  it('says how far a price moved, in percent', () => {
    expect(priceChangePercent(1000, 1100)).toBe(10);
    expect(priceChangePercent(3000, 2000)).toBe(-33.33);
    expect(priceChangePercent(0, 500)).toBe(0);
  });
});

describe('a rebalanced odds table', () => {
  const ranges = buildRanges([
    { item: 'cheap', tickets: 60_000 },
    { item: 'mid', tickets: 30_000 },
    { item: 'dear', tickets: 9_000 },
    { item: 'knife', tickets: 1_000 },
  ]);
  const prices: Record<string, number> = { cheap: 300, mid: 1_000, dear: 4_000, knife: 40_000 };
  const casePrice = 1_000;

  it('brings a case pushed above the band back inside it, sound, with the same items in order', () => {
    const raised = (k: string) => prices[k]! * 1.4;
    const before = summarizeOdds({ ranges, priceOf: raised, casePrice }).rtp;
    expect(bandStanding(before, BAND)).toBe('high');
    const p = proposeOdds({ ranges, priceOf: raised, casePrice, band: BAND })!;
    expect(oddsTableProblems(p.ranges, () => true)).toEqual([]);
    expect(p.ranges.map((r) => r.item)).toEqual(['cheap', 'mid', 'dear', 'knife']);
    expect(bandStanding(p.rtp, BAND)).toBe('in');
    expect(Math.abs(p.rtp - 0.9)).toBeLessThan(0.002);
    // Cheaper drops got likelier, dearer ones rarer.
    expect(p.ranges[0]!.to - p.ranges[0]!.from + 1).toBeGreaterThan(60_000);
    expect(p.ranges[3]!.to - p.ranges[3]!.from + 1).toBeLessThan(1_000);
    // The store's own roll, played over the proposal, agrees.
    const sim = simulateCaseOpenings({ ranges: p.ranges, priceOf: raised, casePrice, n: 100_000, seed: 7 });
    expect(Math.abs(sim.observed_rtp - p.rtp)).toBeLessThan(4 * sim.standard_error + 1e-9);
  });

  it('brings a case fallen below the band up, and merges an item held in several ranges', () => {
    const split = [...ranges.slice(0, 3), { item: 'knife', from: 99_001, to: 99_500 }, { item: 'cheap', from: 99_501, to: 100_000 }];
    const lowered = (k: string) => prices[k]! * 0.6;
    const p = proposeOdds({ ranges: split, priceOf: lowered, casePrice, band: BAND })!;
    expect(p.ranges.map((r) => r.item)).toEqual(['cheap', 'mid', 'dear', 'knife']);
    expect(bandStanding(p.rtp, BAND)).toBe('in');
    expect(p.ranges.at(-1)!.to).toBe(100_000);
  });

  it('keeps every item at one ticket at least, even a very dear one', () => {
    const pricey = (k: string) => (k === 'knife' ? 5_000_000 : prices[k]!);
    const p = proposeOdds({ ranges, priceOf: pricey, casePrice, band: BAND })!;
    expect(p).not.toBeNull();
    for (const r of p.ranges) expect(r.to - r.from + 1).toBeGreaterThanOrEqual(1);
    expect(bandStanding(p.rtp, BAND)).toBe('in');
  });

  it('gives none when no table of these items reaches the band', () => {
    expect(proposeOdds({ ranges, priceOf: () => 2_000, casePrice, band: BAND })).toBeNull();
    expect(proposeOdds({ ranges, priceOf: () => 100, casePrice, band: BAND })).toBeNull();
    expect(proposeOdds({ ranges, priceOf: (k) => prices[k]!, casePrice: 0, band: BAND })).toBeNull();
  });
});
