import { describe, expect, it } from 'vitest';
import {
  clampMines,
  defaultStake,
  formatStake,
  parseStake,
  quickStake,
  stakeCap,
  stakeProblem,
} from '#app/features/techies/utils/stake.ts';

const limits = { minStake: 1, maxStake: 1000, balance: 250.55 as number | null };

describe('the techies stake', () => {
  it('reads a typed amount with a point or a comma, to cents', () => {
    expect(parseStake('12')).toBe(12);
    expect(parseStake('1,5')).toBe(1.5);
    expect(parseStake(' 2.999 ')).toBe(2.99);
    expect(parseStake('.5')).toBe(0.5);
    for (const bad of ['', 'abc', '-3', '0', '1.2.3', '1e3']) expect(parseStake(bad), bad).toBeNull();
  });

  it("shows a stake with the page language's decimal sign and no separators, and reads it back (decision 049)", () => {
    expect(formatStake(1.5, 'ru')).toBe('1,5');
    expect(formatStake(1.5, 'en')).toBe('1.5');
    expect(formatStake(5, 'ru')).toBe('5');
    expect(formatStake(250.55, 'ru')).toBe('250,55');
    // No thousand separators in the field: "12,345.5" would not read back on an English page.
    expect(formatStake(12_345.5, 'ru')).toBe('12345,5');
    expect(formatStake(12_345.5, 'en')).toBe('12345.5');
    for (const lang of ['ru', 'en'] as const)
      for (const stake of [0.1, 1.5, 250.55, 12_345.67, quickStake('half', 1.5, limits)])
        expect(parseStake(formatStake(stake, lang)), `${lang} ${stake}`).toBe(stake);
  });

  it('halves and doubles within the minimum, the maximum and the balance', () => {
    expect(quickStake('half', 10, limits)).toBe(5);
    expect(quickStake('half', 1.5, limits)).toBe(1);
    expect(quickStake('double', 10, limits)).toBe(20);
    expect(quickStake('double', 200, limits)).toBe(250.55);
    expect(quickStake('double', null, limits)).toBe(2);
  });

  it('min is the minimum; max is the maximum or the balance when lower', () => {
    expect(quickStake('min', 50, limits)).toBe(1);
    expect(quickStake('max', 50, limits)).toBe(250.55);
    expect(quickStake('max', 50, { ...limits, balance: 5000 })).toBe(1000);
    // A guest, or a balance under the minimum: the limits alone.
    expect(stakeCap({ ...limits, balance: null })).toBe(1000);
    expect(stakeCap({ ...limits, balance: 0.5 })).toBe(1000);
  });

  it('says why a stake cannot be played', () => {
    expect(stakeProblem(null, limits)).toBe('invalid');
    expect(stakeProblem(0.5, limits)).toBe('min');
    expect(stakeProblem(1001, { ...limits, balance: 5000 })).toBe('max');
    expect(stakeProblem(300, limits)).toBe('balance');
    expect(stakeProblem(250.55, limits)).toBeNull();
    expect(stakeProblem(300, { ...limits, balance: null })).toBeNull();
  });

  it('offers one unit to begin with, within the limits', () => {
    expect(defaultStake({ minStake: 0.1, maxStake: 1000 })).toBe(1);
    expect(defaultStake({ minStake: 5, maxStake: 1000 })).toBe(5);
    expect(defaultStake({ minStake: 0.1, maxStake: 0.5 })).toBe(0.5);
  });

  it('keeps the mine count within its limits', () => {
    expect(clampMines(0, 1, 24)).toBe(1);
    expect(clampMines(25, 1, 24)).toBe(24);
    expect(clampMines(3, 1, 24)).toBe(3);
  });
});
