import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Money } from '#app/components/money.tsx';

/** What a player reads where the page shows an amount: the component rendered at a page's path. */
function shown(value: number, path: string): { text: string; coin: boolean } {
  const html = renderToStaticMarkup(createElement(MemoryRouter, { initialEntries: [path] }, createElement(Money, { value })));
  return { text: html.replace(/<[^>]+>/g, ''), coin: html.includes('coin-icon') };
}
const ru = (value: number) => shown(value, '/profile/7').text;
const en = (value: number) => shown(value, '/en/profile/7').text;

describe('amounts as the pages show them (spec §9)', () => {
  it('writes whole amounts without separators up to 9999 and groups them from 10 000', () => {
    expect(ru(0)).toBe('0');
    expect(ru(999)).toBe('999');
    expect(ru(1000)).toBe('1000');
    expect(ru(9999)).toBe('9999');
    expect(ru(10_000)).toBe('10 000');
    expect(ru(999_999)).toBe('999 999');
    expect(ru(1_000_000)).toBe('1 000 000');
  });

  it('uses English separators on English pages', () => {
    expect(en(999)).toBe('999');
    expect(en(1000)).toBe('1000');
    expect(en(9999)).toBe('9999');
    expect(en(10_000)).toBe('10,000');
    expect(en(999_999)).toBe('999,999');
    expect(en(1_000_000)).toBe('1,000,000');
    expect(en(1_234_567.89)).toBe('1,234,567.89');
  });

  it('shows kopeck-like fractions with a comma in Russian and a point in English, at most 2 decimals', () => {
    expect(ru(0.01)).toBe('0,01');
    expect(en(0.01)).toBe('0.01');
    expect(ru(12.5)).toBe('12,5');
    expect(ru(12.3)).toBe('12,3');
    expect(ru(1234.56)).toBe('1234,56');
    expect(ru(12_345.67)).toBe('12 345,67');
    expect(en(12_345.67)).toBe('12,345.67');
  });

  it('rounds parts of a minor unit to the nearest hundredth', () => {
    expect(ru(0.005)).toBe('0,01');
    expect(ru(0.004)).toBe('0');
    expect(ru(1.999)).toBe('2');
    expect(ru(9999.999)).toBe('10 000');
    expect(en(999_999.995)).toBe('1,000,000');
    expect(ru(0.1 + 0.2)).toBe('0,3');
  });

  it('keeps the sign of negative amounts and never shows "-0"', () => {
    expect(ru(-5.5)).toBe('-5,5');
    expect(ru(-999)).toBe('-999');
    expect(ru(-10_000)).toBe('-10 000');
    expect(en(-12_345.678)).toBe('-12,345.68');
    expect(ru(-1_000_000)).toBe('-1 000 000');
    // Less than half a minor unit below zero is nothing at all.
    expect(ru(-0.004)).toBe('0');
    expect(en(-0.001)).toBe('0');
  });

  it('separates thousands with a plain space the same on the server and in every browser', () => {
    // ru-RU groups with a no-break space that Node and browsers print differently; a mismatch breaks hydration.
    expect(ru(1_234_567)).not.toMatch(/[\u00a0\u202f]/);
  });

  it('shows the gold coin beside every amount in both languages', () => {
    expect(shown(1, '/').coin).toBe(true);
    expect(shown(1, '/en').coin).toBe(true);
  });

  it('takes the language from the page path, the English prefix only when it is a whole segment', () => {
    expect(shown(12_345.5, '/en').text).toBe('12,345.5');
    expect(shown(12_345.5, '/').text).toBe('12 345,5');
    expect(shown(12_345.5, '/enigma').text).toBe('12 345,5');
  });
});
