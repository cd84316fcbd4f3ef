import type { Lang } from '../errors.ts';

const two = (n: number) => String(n).padStart(2, '0');

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
