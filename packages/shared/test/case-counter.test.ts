import { describe, expect, it } from 'vitest';
import { quantityCounter, timeCounter } from '../src/case-counter.ts';

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

  describe('of time, for a case sold within a window', () => {
    const start = Date.UTC(2026, 0, 1);
    const day = 86_400_000;
    const end = start + 10 * day;

    it('fills with the share of the window still to run and counts whole seconds down', () => {
      expect(timeCounter(start, end, start + 4 * day)).toEqual({ secondsLeft: 6 * 86_400, totalSeconds: 10 * 86_400, percent: 60, low: false });
      // A second begun still counts: 1.5 s left reads 2 s, so the counter reaches 0 only when the window has closed.
      expect(timeCounter(start, end, end - 1500)?.secondsLeft).toBe(2);
    });

    it('is capped at both ends: full before the window opens, empty and low after it closed', () => {
      expect(timeCounter(start, end, start - day)).toMatchObject({ percent: 100, low: false, secondsLeft: 11 * 86_400 });
      expect(timeCounter(start, end, end + day)).toEqual({ secondsLeft: 0, totalSeconds: 10 * 86_400, percent: 0, low: true });
    });

    it('turns low at a tenth of the window or less', () => {
      expect(timeCounter(start, end, end - day - 1000)?.low).toBe(false);
      expect(timeCounter(start, end, end - day)?.low).toBe(true);
      expect(timeCounter(start, end, end - 1000)?.low).toBe(true);
    });

    it('is absent for a case without a window, or with one that closes before it opens', () => {
      expect(timeCounter(null, null, start)).toBeNull();
      expect(timeCounter(start, null, start)).toBeNull();
      expect(timeCounter(end, start, start)).toBeNull();
      expect(timeCounter(start, start, start)).toBeNull();
    });
  });
});
