import { describe, expect, it } from 'vitest';
import { captureUtm, cleanQueryValue, parseUtmRecords, UTM_MAX_AGE_MS, utmParams, type UtmAdditionalInfo, type UtmVisit } from '../src/utm.ts';

const INFO: UtmAdditionalInfo = {
  referrer: 'https://t.me/',
  userAgent: 'Mozilla/5.0 (Test)',
  language: 'ru-RU',
  landingPageUrl: 'https://store.test/?utm_source=tg',
  screen: { width: 390, height: 844 },
};
const visit = (query: UtmVisit['query'], now: number): UtmVisit => ({ query, info: INFO, sessionId: 'session-1', now });

describe('UTM capture (spec §5)', () => {
  it('skips empty values and cuts a value before the u_tm marker', () => {
    expect(cleanQueryValue('  ')).toBeNull();
    expect(cleanQueryValue('spring?u_tm=1')).toBe('spring?');
    expect(cleanQueryValue('u_tm')).toBeNull();
    expect(utmParams({ utm_source: 'tg', utm_medium: '', gclid: 'x' })).toEqual({ utm_source: 'tg' });
  });

  it('saves only when a UTM parameter is present and differs from the latest record, newest first', () => {
    const t0 = 1_000_000;
    let records = captureUtm(visit({ page: '2' }, t0), []);
    expect(records).toEqual([]);
    records = captureUtm(visit({ utm_source: 'tg', utm_content: 'WELCOME10' }, t0), records);
    expect(records).toHaveLength(1);
    records = captureUtm(visit({ utm_source: 'tg', utm_content: 'WELCOME10' }, t0 + 10), records);
    expect(records).toHaveLength(1);
    // The same tags with one more is a different set.
    records = captureUtm(visit({ utm_source: 'tg', utm_content: 'WELCOME10', utm_term: 'x' }, t0 + 15), records);
    expect(records).toHaveLength(2);
    records = captureUtm(visit({ utm_source: 'vk' }, t0 + 20), records);
    expect(records.map((r) => r.utmParams.utm_source)).toEqual(['vk', 'tg', 'tg']);
    // Only the latest record counts: coming back with an older campaign saves it again.
    records = captureUtm(visit({ utm_source: 'tg', utm_content: 'WELCOME10' }, t0 + 30), records);
    expect(records.map((r) => r.utmParams)).toEqual([
      { utm_source: 'tg', utm_content: 'WELCOME10' },
      { utm_source: 'vk' },
      { utm_source: 'tg', utm_content: 'WELCOME10', utm_term: 'x' },
      { utm_source: 'tg', utm_content: 'WELCOME10' },
    ]);
  });

  it('writes the record of spec §3: timestamp, the tags, the visit details and the session', () => {
    const at = Date.UTC(2026, 2, 3, 4, 5, 6);
    const [record] = captureUtm(visit({ utm_source: 'tg', utm_medium: 'cpc', utm_campaign: 'spring', utm_term: 'skins', utm_content: 'WELCOME10' }, at), []);
    expect(record).toEqual({
      timestamp: '2026-03-03T04:05:06.000Z',
      utmParams: { utm_source: 'tg', utm_medium: 'cpc', utm_campaign: 'spring', utm_term: 'skins', utm_content: 'WELCOME10' },
      additionalInfo: INFO,
      sessionId: 'session-1',
    });
  });

  it('bounds what a page can write into a record', () => {
    const long = { ...INFO, referrer: 'r'.repeat(5000), userAgent: 'u'.repeat(5000), landingPageUrl: 'l'.repeat(5000), screen: { width: -5, height: Number.NaN } };
    const [record] = captureUtm({ query: { utm_source: 'tg' }, info: long, sessionId: 's'.repeat(500), now: 0 }, []);
    expect(record?.additionalInfo.referrer).toHaveLength(2000);
    expect(record?.additionalInfo.landingPageUrl).toHaveLength(2000);
    expect(record?.additionalInfo.userAgent).toHaveLength(500);
    expect(record?.additionalInfo.screen).toEqual({ width: 0, height: 0 });
    expect(record?.sessionId).toHaveLength(100);
  });

  it('keeps records for under one month', () => {
    const records = captureUtm(visit({ utm_source: 'tg' }, 0), []);
    expect(captureUtm(visit({}, UTM_MAX_AGE_MS - 1), records)).toHaveLength(1);
    expect(captureUtm(visit({}, UTM_MAX_AGE_MS), records)).toHaveLength(0);
    expect(UTM_MAX_AGE_MS).toBe(30 * 86_400_000);
  });

  it('ages records by the clock of the visit, also when a new one is saved', () => {
    const at = Date.UTC(2026, 10, 1);
    const records = captureUtm(visit({ utm_source: 'tg' }, at), []);
    expect(captureUtm(visit({}, at + 29 * 86_400_000), records)).toHaveLength(1);
    expect(captureUtm(visit({}, at + 31 * 86_400_000), records)).toHaveLength(0);
    expect(captureUtm(visit({ utm_source: 'vk' }, at + 31 * 86_400_000), records).map((r) => r.utmParams)).toEqual([{ utm_source: 'vk' }]);
  });

  it('discards malformed stored data', () => {
    const good = captureUtm(visit({ utm_source: 'tg' }, 5), []);
    expect(parseUtmRecords(JSON.stringify(good))).toEqual(good);
    expect(parseUtmRecords('not json')).toEqual([]);
    expect(parseUtmRecords('{"a":1}')).toEqual([]);
    expect(parseUtmRecords(null)).toEqual([]);
    expect(parseUtmRecords('')).toEqual([]);
    // A bad entry is dropped on its own; the good ones stay.
    const bad = [null, 7, { timestamp: 'yesterday', utmParams: {} }, { timestamp: '2026-01-01T00:00:00.000Z' }, { timestamp: '2026-01-01T00:00:00.000Z', utmParams: 'tg' }];
    expect(parseUtmRecords(JSON.stringify([...bad, ...good]))).toEqual(good);
  });

  it('reads stored fields of the wrong type as empty, and stored tags by the same cleaning rules', () => {
    const raw = JSON.stringify([{ timestamp: '2026-01-01T00:00:00.000Z', utmParams: { utm_source: 'tgu_tm1', utm_medium: '', other: 'x' }, additionalInfo: { referrer: 5, screen: { width: '1' } }, sessionId: 3 }]);
    expect(parseUtmRecords(raw)).toEqual([
      { timestamp: '2026-01-01T00:00:00.000Z', utmParams: { utm_source: 'tg' }, additionalInfo: { referrer: '', userAgent: '', language: '', landingPageUrl: '', screen: { width: 0, height: 0 } }, sessionId: '' },
    ]);
  });

  it('reads records saved in the earlier shape ({ params, at }) so a recent campaign is not lost', () => {
    expect(parseUtmRecords('[{"at":0,"params":{"utm_source":"tg"}},{"at":"x","params":{}}]')).toEqual([
      { timestamp: '1970-01-01T00:00:00.000Z', utmParams: { utm_source: 'tg' }, additionalInfo: { referrer: '', userAgent: '', language: '', landingPageUrl: '', screen: { width: 0, height: 0 } }, sessionId: '' },
    ]);
  });
});

