import { describe, expect, it } from 'vitest';
import { captureUtm, cleanQueryValue, parseUtmRecords, UTM_MAX_AGE_MS, utmParams } from '../src/utm.ts';

describe('UTM capture (spec §5)', () => {
  it('skips empty values and cuts a value before the u_tm marker', () => {
    expect(cleanQueryValue('  ')).toBeNull();
    expect(cleanQueryValue('spring?u_tm=1')).toBe('spring?');
    expect(cleanQueryValue('u_tm')).toBeNull();
    expect(utmParams({ utm_source: 'tg', utm_medium: '', gclid: 'x' })).toEqual({ utm_source: 'tg' });
  });

  it('saves only when a UTM parameter is present and differs from the latest record, newest first', () => {
    const t0 = 1_000_000;
    let records = captureUtm({ page: '2' }, [], t0);
    expect(records).toEqual([]);
    records = captureUtm({ utm_source: 'tg', utm_content: 'WELCOME10' }, records, t0);
    expect(records).toHaveLength(1);
    records = captureUtm({ utm_source: 'tg', utm_content: 'WELCOME10' }, records, t0 + 10);
    expect(records).toHaveLength(1);
    records = captureUtm({ utm_source: 'vk' }, records, t0 + 20);
    expect(records.map((r) => r.params.utm_source)).toEqual(['vk', 'tg']);
  });

  it('keeps records for under one month', () => {
    const records = captureUtm({ utm_source: 'tg' }, [], 0);
    expect(captureUtm({}, records, UTM_MAX_AGE_MS - 1)).toHaveLength(1);
    expect(captureUtm({}, records, UTM_MAX_AGE_MS)).toHaveLength(0);
    expect(UTM_MAX_AGE_MS).toBe(30 * 86_400_000);
  });

  it('ages records by the clock of the visit', () => {
    const at = Date.UTC(2026, 10, 1);
    const records = captureUtm({ utm_source: 'tg' }, [], at);
    expect(captureUtm({}, records, at + 29 * 86_400_000)).toHaveLength(1);
    expect(captureUtm({}, records, at + 31 * 86_400_000)).toHaveLength(0);
  });

  it('discards malformed stored data', () => {
    expect(parseUtmRecords('not json')).toEqual([]);
    expect(parseUtmRecords('{"a":1}')).toEqual([]);
    expect(parseUtmRecords('[{"at":"x","params":{}},{"at":5,"params":{"utm_source":"tg"}}]')).toEqual([{ at: 5, params: { utm_source: 'tg' } }]);
    expect(parseUtmRecords(null)).toEqual([]);
    expect(parseUtmRecords('')).toEqual([]);
    // A bad entry is dropped on its own; the good ones stay.
    expect(parseUtmRecords('[null,{"at":1,"params":"tg"},{"at":1},{"at":5,"params":{}}]')).toEqual([{ at: 5, params: {} }]);
  });
});

// Mutants `npm run mutate` leaves alive in utm.ts, each equivalent:
// - line 49, `if (!raw)` → `if (false)`: null parses to null and '' throws; both end as [].
// - line 52, `!Array.isArray(value)` → `false`: only arrays have filter; any other value throws into
//   the catch, which returns [] as well.
// - line 55, `typeof r === 'object'` → `true`: for a primitive, r.at is undefined or
//   String.prototype.at, never a number, so it is dropped all the same.
