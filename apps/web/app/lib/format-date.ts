import type { Lang } from './lang.ts';

/**
 * Dates as the pages show them. Always in UTC: the server render and the browser must print the
 * same text, or hydration fails and a date near midnight flips to the next day on reload.
 */
const locales: Record<Lang, string> = { ru: 'ru-RU', en: 'en-GB' };

// Building a DateTimeFormat costs far more than using one, and a history list formats many.
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lang: Lang, style: 'dateTime' | 'day'): Intl.DateTimeFormat {
  const key = `${lang}:${style}`;
  let f = formats.get(key);
  if (!f) {
    const opts: Intl.DateTimeFormatOptions =
      style === 'dateTime' ? { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' } : { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
    f = new Intl.DateTimeFormat(locales[lang], opts);
    formats.set(key, f);
  }
  return f;
}

// An unreadable date prints nothing: Intl throws on it, and one bad row must not break the page.
function format(iso: string, lang: Lang, style: 'dateTime' | 'day'): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : dateFormat(lang, style).format(at);
}

/** A moment in a list, day and time: "05.03.2024, 21:30" / "05/03/2024, 21:30". */
export const formatDateTime = (iso: string, lang: Lang): string => format(iso, lang, 'dateTime');

/** A day spelled out: "5 марта 2024 г." / "5 March 2024". */
export const formatDay = (iso: string, lang: Lang): string => format(iso, lang, 'day');
