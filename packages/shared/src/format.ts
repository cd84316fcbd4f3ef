import type { Lang } from './errors.ts';

/**
 * How the store writes numbers, dates and countdowns, in one place for the web, the operator
 * console and the server: every date in UTC (the server render and the browser must print the
 * same text), countdowns counted on the browser's own clock from when the server's answer arrived,
 * and plurals by the language's own rules (Intl.PluralRules, which i18next's plural keys use too).
 */

const two = (n: number) => String(n).padStart(2, '0');

/** Two digits, as a timer prints every unit ("07"); a hundred days and more print whole. */
export const twoDigits = (n: number): string => String(Math.max(0, Math.floor(n))).padStart(2, '0');

/**
 * Dates as the pages show them. Always in UTC: the server render and the browser must print the
 * same text, or hydration fails and a date near midnight flips to the next day on reload.
 */
const locales: Record<Lang, string> = { ru: 'ru-RU', en: 'en-GB' };

// Genitive in Russian: "5 марта 2024 г.".
const months: Record<Lang, readonly string[]> = {
  ru: ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

/**
 * Written out by hand rather than with Intl.DateTimeFormat: the first one a page builds loads the
 * locale's data, some 40 ms on a phone in the middle of hydration. The text is Intl's
 * (ru-RU, en-GB; format.test compares the two), which still prints what is out of the
 * four-digit years.
 */
function written(at: Date, lang: Lang, style: 'dateTime' | 'day'): string {
  const [y, m, d] = [at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()];
  if (style === 'day') return lang === 'ru' ? `${d} ${months.ru[m]} ${y} г.` : `${d} ${months.en[m]} ${y}`;
  return `${two(d)}${lang === 'ru' ? '.' : '/'}${two(m + 1)}${lang === 'ru' ? '.' : '/'}${y}, ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;
}

function intlFormat(at: Date, lang: Lang, style: 'dateTime' | 'day'): string {
  const opts: Intl.DateTimeFormatOptions =
    style === 'dateTime' ? { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' } : { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locales[lang], opts).format(at);
}

// An unreadable date prints nothing: one bad row must not break the page.
function format(iso: string, lang: Lang, style: 'dateTime' | 'day'): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const year = at.getUTCFullYear();
  return year >= 1000 && year <= 9999 ? written(at, lang, style) : intlFormat(at, lang, style);
}

/** A moment in a list, day and time: "05.03.2024, 21:30" / "05/03/2024, 21:30". */
export const formatDateTime = (iso: string, lang: Lang): string => format(iso, lang, 'dateTime');

/** A moment with its zone named, as the operator console writes every time: "05.03.2024, 21:30 UTC". */
export const formatDateTimeUtc = (iso: string, lang: Lang): string => {
  const text = formatDateTime(iso, lang);
  return text ? `${text} UTC` : '';
};

/** A day spelled out: "5 марта 2024 г." / "5 March 2024". */
export const formatDay = (iso: string, lang: Lang): string => format(iso, lang, 'day');

// Countdowns to a moment the server named as "in N seconds": the seconds are counted from when
// the answer arrived, on this browser's own clock, so a wrong clock on the phone does not matter.

/** Whole seconds still to wait at `now` (ms), given `readyIn` seconds when the answer arrived at `arrivedAt` (ms). */
export function secondsLeft(readyIn: number, arrivedAt: number, now: number): number {
  if (!Number.isFinite(readyIn) || readyIn <= 0) return 0;
  const passed = Math.max(0, Math.floor((now - arrivedAt) / 1000));
  return Math.max(0, Math.ceil(readyIn) - passed);
}

/** "hh:mm:ss"; hours go past 24 rather than wrapping ("25:00:00"), and nothing is negative. */
export function formatCountdown(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

export type TimerUnit = 'day' | 'hour' | 'minute' | 'second';
export const TIMER_UNITS: readonly TimerUnit[] = ['day', 'hour', 'minute', 'second'];

/** Seconds left split into days, hours, minutes and seconds; never below zero. */
export function countdownParts(seconds: number): Record<TimerUnit, number> {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return { day: Math.floor(s / 86_400), hour: Math.floor((s % 86_400) / 3_600), minute: Math.floor((s % 3_600) / 60), second: s % 60 };
}

const numberLocales: Record<Lang, string> = { ru: 'ru-RU', en: 'en-US' };
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A plain figure in the page's language ("1 234,5" / "1,234.5"), up to three decimals as Intl's default, one formatter per language and precision. */
export function formatNumber(n: number, lang: Lang, maximumFractionDigits = 3): string {
  const key = `${lang}:${maximumFractionDigits}`;
  let made = numberFormats.get(key);
  if (!made) numberFormats.set(key, (made = new Intl.NumberFormat(numberLocales[lang], { maximumFractionDigits })));
  return made.format(n);
}

const pluralRules = new Map<Lang, Intl.PluralRules>();

/** The plural category of `n` in `lang` ('one', 'few', 'many', 'other'): the forms i18next's `_one`/`_few`/… keys name. */
export function pluralCategory(n: number, lang: Lang): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(n);
}
