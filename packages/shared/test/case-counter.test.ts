import { describe, expect, it } from 'vitest';
import { quantityCounter } from '../src/case-counter.ts';

describe("a case card's counter (spec §4)", () => {
  it('fills with the share of opens left, capped at both ends', () => {
    expect(quantityCounter(200, 150)).toEqual({ left: 150, total: 200, percent: 75, low: false });
    expect(quantityCounter(200, 260)?.percent).toBe(100);
    expect(quantityCounter(200, -3)).toEqual({ left: 0, total: 200, percent: 0, low: true });
  });

  it('turns low at a tenth or less', () => {
    expect(quantityCounter(100, 11)?.low).toBe(false);
    expect(quantityCounter(100, 10)?.low).toBe(true);
    expect(quantityCounter(3, 0)?.low).toBe(true);
  });

  it('is absent for a case without a limit', () => {
    expect(quantityCounter(null, null)).toBeNull();
    expect(quantityCounter(0, 0)).toBeNull();
  });
});
