import { describe, expect, it } from 'vitest';
import { rollTicket } from '../src/provably-fair.ts';
import {
  fairMultiplier,
  minesFromTickets,
  placeMines,
  safeCells,
  TECHIES_CELLS,
  TECHIES_MAX_MINES,
  TECHIES_MIN_MINES,
  techiesMultiplier,
  techiesPayout,
} from '../src/techies.ts';

describe('the techies layout', () => {
  it('takes, for mine j, the free cell at ⌊(ticket − 1) × (25 − j) / 100000⌋ of those left, ascending', () => {
    // Ticket 1 always takes the first free cell; ticket 100000 the last.
    expect(minesFromTickets([1])).toEqual([0]);
    expect(minesFromTickets([100_000])).toEqual([24]);
    expect(minesFromTickets([1, 1, 1])).toEqual([0, 1, 2]);
    expect(minesFromTickets([100_000, 100_000])).toEqual([23, 24]);
    // 50001: ⌊50000 × 25 / 100000⌋ = 12; then of the 24 left ⌊50000 × 24 / 100000⌋ = 12, which is cell 13.
    expect(minesFromTickets([50_001, 50_001])).toEqual([12, 13]);
    // Just below a boundary: ⌊3999 × 25 / 100000⌋ = 0, ⌊4000 × 25 / 100000⌋ = 1.
    expect(minesFromTickets([4_000])).toEqual([0]);
    expect(minesFromTickets([4_001])).toEqual([1]);
  });

  it('places distinct cells inside the field, as many as mines, from the seeds alone', () => {
    for (let nonce = 1; nonce <= 50; nonce++) {
      const mines = 1 + (nonce % TECHIES_MAX_MINES);
      const layout = placeMines({ serverSeed: 'server', clientSeed: 'client', nonce, mines });
      expect(layout).toHaveLength(mines);
      expect(new Set(layout).size).toBe(mines);
      expect(layout.every((c) => c >= 0 && c < TECHIES_CELLS)).toBe(true);
      expect([...layout].sort((a, b) => a - b)).toEqual(layout);
      const tickets = Array.from({ length: mines }, (_, cursor) => rollTicket({ serverSeed: 'server', clientSeed: 'client', nonce, cursor }));
      expect(minesFromTickets(tickets)).toEqual(layout);
    }
    // 24 mines leave exactly one cell.
    expect(placeMines({ serverSeed: 's', clientSeed: 'c', nonce: 1, mines: 24 })).toHaveLength(24);
  });

  it('spreads the mines evenly over the field', () => {
    const hits = new Array<number>(TECHIES_CELLS).fill(0);
    for (let nonce = 0; nonce < 5_000; nonce++) for (const c of placeMines({ serverSeed: 'even', clientSeed: 'x', nonce, mines: 5 })) hits[c]!++;
    // 25 000 mines over 25 cells: 1000 each, a few standard deviations either side.
    for (const n of hits) expect(Math.abs(n - 1000)).toBeLessThan(150);
  });
});

describe('the techies multiplier and payout', () => {
  it('is the fair one, C(25, k) / C(25 − m, k)', () => {
    expect(fairMultiplier(1, 0)).toBe(1);
    expect(fairMultiplier(1, 1)).toBeCloseTo(25 / 24, 12);
    expect(fairMultiplier(3, 2)).toBeCloseTo((25 / 22) * (24 / 21), 12);
    expect(fairMultiplier(24, 1)).toBe(25);
    expect(fairMultiplier(5, 20)).toBeCloseTo(53_130, 6);
  });

  it('pays the fair one times the return, rounded down to hundredths; 1 before the first cell', () => {
    expect(techiesMultiplier(3, 0, 0.92)).toBe(1);
    expect(techiesMultiplier(1, 1, 0.92)).toBe(0.95);
    expect(techiesMultiplier(24, 1, 0.92)).toBe(23);
    expect(techiesMultiplier(3, 2, 0.92)).toBe(1.19);
    // A product landing exactly on a hundredth stays there (no float step below it).
    expect(techiesMultiplier(24, 1, 1)).toBe(25);
    expect(techiesMultiplier(1, 24, 1)).toBe(25);
  });

  it('pays stake × multiplier in minor units, rounded down', () => {
    expect(techiesPayout(1000, 1.19)).toBe(1190);
    expect(techiesPayout(333, 1.19)).toBe(396);
    expect(techiesPayout(10, 0.95)).toBe(9);
    expect(techiesPayout(500, 23)).toBe(11_500);
  });

  it('leaves 25 − m safe cells within the bounds of 1 to 24 mines', () => {
    expect(TECHIES_MIN_MINES).toBe(1);
    expect(TECHIES_MAX_MINES).toBe(24);
    expect(safeCells(1)).toBe(24);
    expect(safeCells(24)).toBe(1);
  });
});
