import { MINOR_PER_UNIT } from './constants.ts';

/** Minor units to a plain amount with at most 2 decimals (spec §9 rounds to 2). */
export const toUnits = (minor: number): number => Math.round(minor) / MINOR_PER_UNIT;
export const toMinor = (units: number): number => Math.round(units * MINOR_PER_UNIT);

/**
 * Formats an amount the way spec §9 asks: 2 decimals at most, thousand separators above 9999,
 * RUB amounts of 1,000,000 and more floored.
 */
export function formatAmount(units: number, opts: { currency?: string; locale?: 'ru' | 'en' } = {}): string {
  let value = Math.round(units * 100) / 100;
  if (value === 0) value = 0; // a small negative rounds to -0, which would print as "-0"
  if (opts.currency === 'RUB' && value >= 1_000_000) value = Math.floor(value);
  return plainNumber(value, opts.locale === 'en' ? 'en' : 'ru', 0, 2, Math.abs(value) > 9999);
}

/**
 * A number as Intl's ru-RU or en-US format prints it with `min`..`max` decimals, written out by
 * hand: the first Intl.NumberFormat a page builds loads the locale's data, some 30 ms on a phone
 * in the middle of hydration. The result is Intl's to the character (money.test
 * compares the two), with a plain space for ru-RU's narrow no-break one, which browsers and Node
 * print differently. Intl stays for what is not a plain figure.
 */
function plainNumber(value: number, locale: 'ru' | 'en', min: number, max: number, grouping: boolean): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) {
    const intl = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ru-RU', { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: grouping });
    return intl.format(value).replace(/[\u202f\u00a0]/g, ' ');
  }
  const [whole, fraction = ''] = Math.abs(value).toFixed(max).split('.') as [string, string?];
  let decimals = fraction;
  while (decimals.length > min && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const grouped = grouping ? whole.replace(/\B(?=(\d{3})+$)/g, locale === 'en' ? ',' : ' ') : whole;
  const negative = value < 0 && (Number(whole) > 0 || /[1-9]/.test(decimals));
  return `${negative ? '-' : ''}${grouped}${decimals ? (locale === 'en' ? '.' : ',') + decimals : ''}`;
}

export const formatMinor = (minor: number, opts?: { currency?: string; locale?: 'ru' | 'en' }): string =>
  formatAmount(toUnits(minor), opts);

/**
 * Compact form with suffixes none, k, m and one decimal (spec §9), in the page's language ("987,7k"
 * on a Russian page). The suffix is picked after rounding, so 999 960 is "1m", never "1000k".
 */
export function formatCompact(value: number, locale: 'ru' | 'en' = 'en'): string {
  const abs = Math.abs(value);
  const [scaled, suffix] = abs >= 999_950 ? [value / 1_000_000, 'm'] : abs >= 999.95 ? [value / 1_000, 'k'] : [value, ''];
  return `${formatNumber(scaled, { locale, digits: 1, fixed: false })}${suffix}`;
}

/**
 * A figure that is not an amount (a chance, a multiplier, seconds, a share) with `digits`
 * decimals in the page's language: "0,026" on a Russian page, "0.026" on an English one (issue
 * 20: Russian pages mixed both). `fixed: false` drops trailing zeros. Separators above 9999, as
 * for amounts; `grouping: false` leaves them out of text a player edits (the techies stake), which
 * must read back as the number it shows, in either language.
 */
export function formatNumber(value: number, opts: { locale?: 'ru' | 'en'; digits: number; fixed?: boolean; grouping?: boolean }): string {
  const grouping = (opts.grouping ?? true) && Math.abs(value) > 9999;
  // A small negative that rounds to zero would print as "-0,00".
  const rounded = Math.round(value * 10 ** opts.digits) / 10 ** opts.digits;
  return plainNumber(rounded === 0 ? 0 : rounded, opts.locale === 'en' ? 'en' : 'ru', (opts.fixed ?? true) ? opts.digits : 0, opts.digits, grouping);
}

/** A prize fund as spec §9 writes prize totals: whole units, thousands split by a space past 9999, never below 0. */
export function formatPrizeTotal(units: number): string {
  const whole = Math.max(0, Math.floor(units));
  return whole > 9999 ? String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ' ') : String(whole);
}
/**
 * An amount of event coins where space is short (the header): written as every other amount
 * (formatAmount, at most 2 decimals, decision 063) below 1 000, and in the compact form from
 * there, so a balance never reads one way in the header and another on the page.
 */
export const formatCoinsShort = (value: number, locale: 'ru' | 'en' = 'en'): string =>
  Math.abs(value) < 1000 ? formatAmount(value, { locale }) : formatCompact(value, locale);
