import { describe, expect, it } from 'vitest';
import { CURRENCIES, DEFAULT_CURRENCY } from '../src/constants.ts';
import { formatAmount, formatCoinsShort, formatCompact, formatMinor, formatNumber, formatPrizeTotal, toMinor, toUnits } from '../src/money.ts';

describe('money formatting (spec §9)', () => {
  it('rounds to 2 decimals and converts minor units exactly', () => {
    expect(formatAmount(12.345)).toBe('12,35');
    expect(formatAmount(12.3, { locale: 'en' })).toBe('12.3');
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toUnits(19_999)).toBe(199.99);
    expect(formatMinor(150)).toBe('1,5');
  });
  it('never shows a minus on an amount that rounds to zero', () => {
    expect(formatAmount(-0.004)).toBe('0');
    expect(formatAmount(-0.004, { locale: 'en' })).toBe('0');
    expect(formatAmount(-0.006, { locale: 'en' })).toBe('-0.01');
  });
  it('groups thousands only above 9999', () => {
    expect(formatAmount(9999)).toBe('9999');
    expect(formatAmount(10_000)).toBe('10 000');
    expect(formatAmount(1_234_567.89, { locale: 'en' })).toBe('1,234,567.89');
  });
  // The figures are written by hand so that a page never waits for Intl to load a locale's data
  // mid-hydration; Intl is the reference they must never drift from.
  // One formatter per option set, built once: building one per value made these checks take seconds.
  const formatters = new Map<string, Intl.NumberFormat>();
  const formatter = (locale: string, min: number, max: number, grouping: boolean) => {
    const key = `${locale} ${min} ${max} ${grouping}`;
    let made = formatters.get(key);
    if (!made) formatters.set(key, (made = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: grouping })));
    return made;
  };
  const intl = (v: number, locale: string, min: number, max: number, grouping = Math.abs(v) > 9999) =>
    formatter(locale, min, max, grouping).format(v).replace(/[\u202f\u00a0]/g, ' ');
  // A fixed spread of magnitudes and fractions, so a failure shows the same value on every run.
  const spread = [0, 0.01, 0.1, 0.5, 1, 9.99, 10, 99.9, 100, 999.99, 1000, 1234.5, 9999, 9999.99, 10_000, 10_000.01, 123_456.7, 999_999.99, 1_000_000, 98_765_432.1, 1e12 + 0.25];
  for (let i = 0; i < 500; i++) spread.push((((i * 7919) % 100_003) / 100_003) * 10 ** (i % 9));
  const values = [...spread, ...spread.map((x) => -x)];

  it("writes every amount as Intl's number format would, in both languages", () => {
    for (const v of values) {
      const value = Math.round(v * 100) / 100 || 0;
      expect(formatAmount(v), `ru ${v}`).toBe(intl(value, 'ru-RU', 0, 2));
      expect(formatAmount(v, { locale: 'en' }), `en ${v}`).toBe(intl(value, 'en-US', 0, 2));
    }
  });
  it("writes every figure as Intl's number format would, for any decimals, fixed or not, grouped or not", () => {
    for (const digits of [0, 1, 2, 3])
      for (const fixed of [true, false])
        for (const grouping of [true, false])
          for (const v of values) {
            const rounded = Math.round(v * 10 ** digits) / 10 ** digits || 0;
            const min = fixed ? digits : 0;
            const group = grouping && Math.abs(v) > 9999;
            expect(formatNumber(v, { locale: 'ru', digits, fixed, grouping }), `ru ${v} ${digits} ${fixed} ${grouping}`).toBe(intl(rounded, 'ru-RU', min, digits, group));
            expect(formatNumber(v, { locale: 'en', digits, fixed, grouping }), `en ${v} ${digits} ${fixed} ${grouping}`).toBe(intl(rounded, 'en-US', min, digits, group));
          }
  });
  it('floors RUB amounts of a million and more', () => {
    expect(formatAmount(1_000_000.75, { currency: 'RUB' })).toBe('1 000 000');
    expect(formatAmount(999_999.75, { currency: 'RUB' })).toBe('999 999,75');
  });
  it('compacts with k and m and one decimal', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(1_540)).toBe('1.5k');
    expect(formatCompact(2_000_000)).toBe('2m');
  });
  it('switches to k at 1,000 and to m at 1,000,000, as the figure rounds', () => {
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(999.9)).toBe('999.9');
    expect(formatCompact(999.95)).toBe('1k');
    expect(formatCompact(1_000)).toBe('1k');
    expect(formatCompact(999_949)).toBe('999.9k');
    expect(formatCompact(999_999)).toBe('1m');
    expect(formatCompact(1_000_000)).toBe('1m');
    expect(formatCompact(-1_000)).toBe('-1k');
    expect(formatCompact(-2_500_000)).toBe('-2.5m');
  });
  it("compacts with the page language's decimal sign", () => {
    expect(formatCompact(987_654.32, 'ru')).toBe('987,7k');
    expect(formatCompact(987_654.32, 'en')).toBe('987.7k');
    expect(formatCompact(100.44, 'ru')).toBe('100,4');
  });
  it("prints chances, multipliers and seconds with the page language's decimal sign", () => {
    expect(formatNumber(0.026, { locale: 'ru', digits: 3 })).toBe('0,026');
    expect(formatNumber(0.026, { locale: 'en', digits: 3 })).toBe('0.026');
    expect(formatNumber(1.5, { locale: 'ru', digits: 2 })).toBe('1,50');
    expect(formatNumber(1.5, { locale: 'ru', digits: 2, fixed: false })).toBe('1,5');
    expect(formatNumber(12_345.6, { locale: 'ru', digits: 1 })).toBe('12 345,6');
    expect(formatNumber(-0.0001, { locale: 'en', digits: 2 })).toBe('0.00');
  });
  it('leaves the separators out of text a player edits, keeping the decimal sign', () => {
    expect(formatNumber(12_345.5, { locale: 'ru', digits: 2, fixed: false, grouping: false })).toBe('12345,5');
    expect(formatNumber(12_345.5, { locale: 'en', digits: 2, fixed: false, grouping: false })).toBe('12345.5');
    // Asked for, the separators still start above 9999 only.
    expect(formatNumber(9999, { locale: 'en', digits: 0, grouping: true })).toBe('9999');
    expect(formatNumber(10_000, { locale: 'en', digits: 0, grouping: true })).toBe('10,000');
  });
  it('writes prize totals with a space', () => {
    expect(formatPrizeTotal(1_250_000.9)).toBe('1 250 000');
  });
  it('shows roubles unless a player picks another currency', () => {
    expect(DEFAULT_CURRENCY).toBe('RUB');
    expect(CURRENCIES).toContain(DEFAULT_CURRENCY);
  });
});

describe('coins in the header (decision 063)', () => {
  it('read as on every other page below 1 000, with their cents, and compact from there', () => {
    expect(formatCoinsShort(637.72, 'ru')).toBe(formatAmount(637.72, { locale: 'ru' }));
    expect(formatCoinsShort(637.72, 'ru')).toBe('637,72');
    expect(formatCoinsShort(0.72, 'en')).toBe('0.72');
    expect(formatCoinsShort(50, 'en')).toBe('50');
    expect(formatCoinsShort(14_637.72, 'ru')).toBe('14,6k');
  });
});

// Mutants `npm run mutate` leaves alive in money.ts, each equivalent:
// - line 14, `value >= 1_000_000` → `value > 1_000_000`: flooring exactly 1,000,000 changes nothing.
// - line 25, `if (!f)` → `if (true)`: the number format is built anew instead of taken from the
//   cache; it prints the same.
