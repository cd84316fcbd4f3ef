import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatDay } from '#app/lib/format-date.ts';

const tzBefore = process.env.TZ;
afterEach(() => {
  if (tzBefore === undefined) delete process.env.TZ;
  else process.env.TZ = tzBefore;
});

describe('dates as the pages show them', () => {
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
});
