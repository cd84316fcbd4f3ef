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
  const text = numberFormat(opts.locale === 'en' ? 'en-US' : 'ru-RU', Math.abs(value) > 9999).format(value);
  // Browsers and Node differ on the narrow no-break space ru-RU uses; show a plain space everywhere.
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

// Building an Intl.NumberFormat costs far more than using one; a page formats hundreds of prices.
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, grouping: boolean): Intl.NumberFormat {
  const key = `${locale}:${grouping}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2, useGrouping: grouping });
    formats.set(key, f);
  }
  return f;
}

export const formatMinor = (minor: number, opts?: { currency?: string; locale?: 'ru' | 'en' }): string =>
  formatAmount(toUnits(minor), opts);

/** Compact form with suffixes none, k, m and one decimal (spec §9). */
export function formatCompact(value: number): string {
  const abs = Math.abs(value);
  const trim = (n: number) => (Math.round(n * 10) / 10).toString();
  if (abs >= 1_000_000) return `${trim(value / 1_000_000)}m`;
  if (abs >= 1_000) return `${trim(value / 1_000)}k`;
  return trim(value);
}

/** Prize totals use a space as the thousand separator (spec §9). */
export const formatPrizeTotal = (units: number): string =>
  Math.floor(units).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
