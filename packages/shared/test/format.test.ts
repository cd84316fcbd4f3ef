import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, secondsLeft } from '../src/format/countdown.ts';
import { countdownParts, TIMER_UNIT_SECONDS, TIMER_UNITS, twoDigits, unitSeconds } from '../src/format/timer.ts';
import { formatDateTime, formatDateTimeUtc, formatDay } from '../src/format/dates.ts';
import { formatNumber, pluralCategory } from '../src/format/numbers.ts';

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
      const fresh = await import('../src/format/dates.ts');
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

const arrived = Date.parse('2025-06-01T23:59:30Z');

describe('a countdown, from ready_in and the time the answer arrived', () => {
  it('counts down on the browser clock from the moment the answer arrived', () => {
    expect(secondsLeft(90, arrived, arrived)).toBe(90);
    expect(secondsLeft(90, arrived, arrived + 999)).toBe(90);
    expect(secondsLeft(90, arrived, arrived + 1000)).toBe(89);
    expect(secondsLeft(90, arrived, arrived + 89_999)).toBe(1);
    expect(secondsLeft(90, arrived, arrived + 90_000)).toBe(0);
  });

  it('never goes below zero, and a clock that moved back does not add time', () => {
    expect(secondsLeft(5, arrived, arrived + 3_600_000)).toBe(0);
    expect(secondsLeft(5, arrived, arrived - 60_000)).toBe(5);
    expect(secondsLeft(0, arrived, arrived)).toBe(0);
    expect(secondsLeft(-3, arrived, arrived)).toBe(0);
    expect(secondsLeft(Number.NaN, arrived, arrived)).toBe(0);
  });

  it('writes hh:mm:ss with two digits each, past midnight and past a day without wrapping', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(59)).toBe('00:00:59');
    expect(formatCountdown(61)).toBe('00:01:01');
    expect(formatCountdown(3600)).toBe('01:00:00');
    expect(formatCountdown(86_399)).toBe('23:59:59');
    expect(formatCountdown(86_400)).toBe('24:00:00');
    expect(formatCountdown(25 * 3600 + 5)).toBe('25:00:05');
  });

  it('prints nothing odd for odd input', () => {
    expect(formatCountdown(-10)).toBe('00:00:00');
    expect(formatCountdown(12.9)).toBe('00:00:12');
    expect(formatCountdown(Number.POSITIVE_INFINITY)).toBe('00:00:00');
  });

  it('a full day from the answer shows 24:00:00 first, then ticks', () => {
    const day = 24 * 3600;
    expect(formatCountdown(secondsLeft(day, arrived, arrived))).toBe('24:00:00');
    expect(formatCountdown(secondsLeft(day, arrived, arrived + 1500))).toBe('23:59:59');
  });
});

describe('the console writes every time with its zone', () => {
  it('in UTC, whatever zone renders it, and nothing for an unreadable time', () => {
    expect(formatDateTimeUtc('2024-03-05T21:30:00+03:00', 'ru')).toBe('05.03.2024, 18:30 UTC');
    expect(formatDateTimeUtc('2024-03-05T21:30:00Z', 'en')).toBe('05/03/2024, 21:30 UTC');
    expect(formatDateTimeUtc('nope', 'en')).toBe('');
  });
});

describe('figures', () => {
  it("group and mark decimals by the language, as Intl's default precision does", () => {
    expect(formatNumber(1234.5, 'ru')).toBe((1234.5).toLocaleString('ru-RU'));
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(47.5, 'ru')).toBe('47,5');
    expect(formatNumber(0.12345, 'en')).toBe('0.123');
    expect(formatNumber(12.34, 'en', 1)).toBe('12.3');
    expect(formatNumber(100000, 'en', 0)).toBe('100,000');
  });
});

describe('the timer', () => {
  it('splits seconds into days, hours, minutes and seconds, never below zero', () => {
    expect(TIMER_UNITS).toEqual(['day', 'hour', 'minute', 'second']);
    expect(countdownParts(3 * 86_400 + 4 * 3_600 + 5 * 60 + 6)).toEqual({ day: 3, hour: 4, minute: 5, second: 6 });
    expect(countdownParts(86_399)).toEqual({ day: 0, hour: 23, minute: 59, second: 59 });
    expect(countdownParts(-10)).toEqual({ day: 0, hour: 0, minute: 0, second: 0 });
    expect(countdownParts(Number.NaN)).toEqual({ day: 0, hour: 0, minute: 0, second: 0 });
    expect(countdownParts(59.9)).toEqual({ day: 0, hour: 0, minute: 0, second: 59 });
  });

  it('prints each unit with two digits', () => {
    expect(twoDigits(0)).toBe('00');
    expect(twoDigits(7)).toBe('07');
    expect(twoDigits(42)).toBe('42');
    expect(twoDigits(120)).toBe('120');
  });
});

describe('plurals by the language rules', () => {
  it('Russian: one for 1, 21, 101; few for 2–4, 22, 104; many for 0, 5–20, 25, 111', () => {
    expect([1, 21, 101].map((n) => pluralCategory(n, 'ru'))).toEqual(['one', 'one', 'one']);
    expect([2, 3, 4, 22, 104].map((n) => pluralCategory(n, 'ru'))).toEqual(['few', 'few', 'few', 'few', 'few']);
    expect([0, 5, 11, 12, 14, 19, 20, 111, 25].map((n) => pluralCategory(n, 'ru'))).toEqual(Array(9).fill('many'));
  });

  it('English: one for 1 only', () => {
    expect([1, 0, 2, 21].map((n) => pluralCategory(n, 'en'))).toEqual(['one', 'other', 'other', 'other']);
  });
});

describe('timer units (spec §9)', () => {
  it('count a month as 30 days beside the day, hour, minute and second', () => {
    expect(TIMER_UNIT_SECONDS).toEqual({ month: 2_592_000, day: 86_400, hour: 3_600, minute: 60, second: 1 });
    expect(['month', 'day', 'hour', 'minute', 'second'].map(unitSeconds)).toEqual([2_592_000, 86_400, 3_600, 60, 1]);
  });

  it('refuse a unit they do not know', () => {
    expect(() => unitSeconds('week')).toThrow('Unknown timer unit: week');
    expect(() => unitSeconds('toString')).toThrow();
  });
});
