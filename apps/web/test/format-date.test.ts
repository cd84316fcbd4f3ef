import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatDay } from '#app/lib/format-date.ts';

const tzBefore = process.env.TZ;
afterEach(() => {
  if (tzBefore === undefined) delete process.env.TZ;
  else process.env.TZ = tzBefore;
});

// The dates are written by hand so that a page never waits for Intl to load a locale's data
// mid-hydration; Intl is the reference they must never drift from. One formatter per locale and
// style, built once.
const formatters = new Map<string, Intl.DateTimeFormat>();
const intl = (iso: string, locale: string, opts: Intl.DateTimeFormatOptions) => {
  const key = `${locale} ${JSON.stringify(opts)}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, { ...opts, timeZone: 'UTC' })));
  return made.format(new Date(iso));
};
const SHORT = { dateStyle: 'short', timeStyle: 'short' } as const;
const LONG = { year: 'numeric', month: 'long', day: 'numeric' } as const;

// Every month, both sides of midnight, single and double digits, a leap day, the last four-digit year.
const moments = ['2024-02-29T00:00:00Z', '2026-11-29T23:59:59Z', '9999-01-01T00:00:00Z', '1999-07-04T12:00:00+03:00'];
for (let i = 0; i < 240; i++) moments.push(new Date(Date.UTC(2020 + (i % 9), i % 12, 1 + ((i * 7) % 28), (i * 5) % 24, (i * 13) % 60)).toISOString());

describe('dates as the pages show them', () => {
  it('read as Intl would print them, in UTC, in both languages', () => {
    for (const iso of moments) {
      expect(formatDateTime(iso, 'ru'), iso).toBe(intl(iso, 'ru-RU', SHORT));
      expect(formatDateTime(iso, 'en'), iso).toBe(intl(iso, 'en-GB', SHORT));
      expect(formatDay(iso, 'ru'), iso).toBe(intl(iso, 'ru-RU', LONG));
      expect(formatDay(iso, 'en'), iso).toBe(intl(iso, 'en-GB', LONG));
    }
  });

  it('writes a battle history moment day-first with a 24-hour time in both languages', () => {
    expect(formatDateTime('2024-03-05T21:30:00.000Z', 'ru')).toBe('05.03.2024, 21:30');
    expect(formatDateTime('2024-03-05T21:30:00.000Z', 'en')).toBe('05/03/2024, 21:30');
    expect(formatDateTime('2024-12-31T09:05:59Z', 'ru')).toBe('31.12.2024, 09:05');
  });

  it('spells out the day a player joined, with the month in the page language', () => {
    expect(formatDay('2024-03-05T12:00:00Z', 'ru')).toBe('5 марта 2024 г.');
    expect(formatDay('2024-03-05T12:00:00Z', 'en')).toBe('5 March 2024');
    expect(formatDay('2023-01-01T00:00:00Z', 'ru')).toBe('1 января 2023 г.');
  });

  it('prints the same day whatever time zone renders the page, so the server render and the browser agree', async () => {
    const lateEvening = '2024-03-05T23:30:00Z';
    const made = [];
    for (const tz of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles']) {
      // A fresh module per zone, as the server and each browser load their own.
      process.env.TZ = tz;
      vi.resetModules();
      const fresh = await import('#app/lib/format-date.ts');
      made.push([fresh.formatDay(lateEvening, 'ru'), fresh.formatDateTime(lateEvening, 'en')]);
    }
    // The zones really differ on that day, or the check above proves nothing.
    process.env.TZ = 'Asia/Tokyo';
    expect(new Date(lateEvening).getDate()).toBe(6);
    expect(made).toEqual(Array(3).fill(['5 марта 2024 г.', '05/03/2024, 23:30']));
  });

  it('leaves an unreadable date blank instead of breaking the page', () => {
    expect(formatDay('not a date', 'ru')).toBe('');
    expect(formatDateTime('', 'en')).toBe('');
  });

  it('leaves a year out of four digits to Intl', () => {
    expect(formatDay('0099-03-05T00:00:00Z', 'en')).toBe(intl('0099-03-05T00:00:00Z', 'en-GB', LONG));
  });
});
