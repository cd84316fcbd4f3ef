import type { UtmAdditionalInfo, UtmRecord } from '@store/shared/utm';
import { describe, expect, it } from 'vitest';
import { newSessionId, utmStorageAfterVisit as afterVisit } from '#app/features/promo/utils/utm-visit.ts';
import { UTM_SESSION_KEY, UTM_STORAGE_KEY } from '#app/lib/storage-keys.ts';

const DAY = 24 * 3600 * 1000;
const T0 = Date.UTC(2025, 4, 1);
const records = (stored: string | null): UtmRecord[] => JSON.parse(stored ?? 'null');
const INFO: UtmAdditionalInfo = { referrer: '', userAgent: 'UA', language: 'ru', landingPageUrl: 'https://store.test/', screen: { width: 1280, height: 800 } };
/** The hook's step for a query, in one browser session. */
const utmStorageAfterVisit = (search: string, stored: string | null, now: number) => afterVisit({ search, info: INFO, sessionId: 's1' }, stored, now);
const tags = (stored: string | null) => records(stored).map((r) => r.utmParams);

/** Visits one after another, writing to a fake storage the way the hook does. */
function visits(steps: Array<[search: string, at: number]>, start: string | null = null) {
  let stored = start;
  const writes: Array<string | null> = [];
  for (const [search, at] of steps) {
    const after = utmStorageAfterVisit(search, stored, at);
    writes.push(after);
    if (after !== null) stored = after;
  }
  return { stored, writes };
}

describe('UTM capture in the browser (spec §5, storage key of §9)', () => {
  it('keeps the records and the session id under the keys the spec names', () => {
    expect(UTM_STORAGE_KEY).toBe('nuxt-utm-data');
    expect(UTM_SESSION_KEY).toBe('nuxt-utm-session-id');
  });

  it('saves the record of spec §3 with what the browser says about the visit', () => {
    const info = { referrer: 'https://vk.com/', userAgent: 'Mozilla/5.0', language: 'en-GB', landingPageUrl: 'https://store.test/en?utm_source=vk', screen: { width: 390, height: 844 } };
    const stored = afterVisit({ search: '?utm_source=vk', info, sessionId: 'tab-1' }, null, T0);
    expect(records(stored)).toEqual([{ timestamp: new Date(T0).toISOString(), utmParams: { utm_source: 'vk' }, additionalInfo: info, sessionId: 'tab-1' }]);
  });

  it('a new session with the same campaign is not a new record (only the tags are compared)', () => {
    const first = afterVisit({ search: '?utm_source=vk', info: INFO, sessionId: 'tab-1' }, null, T0);
    expect(afterVisit({ search: '?utm_source=vk', info: INFO, sessionId: 'tab-2' }, first, T0 + DAY)).toBeNull();
  });

  it('makes a session id that differs each time, also without crypto.randomUUID (plain http)', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newSessionId()));
    expect(ids.size).toBe(50);
    const uuid = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const a = newSessionId();
      expect(a).toMatch(/^[0-9a-z]+-[0-9a-z]+$/);
      expect(newSessionId()).not.toBe(a);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: uuid, configurable: true });
    }
  });

  it('saves the UTM parameters of a visit with a campaign link', () => {
    const stored = utmStorageAfterVisit('?utm_source=vk&utm_medium=cpc&utm_campaign=spring&page=2', null, T0);
    expect(tags(stored)).toEqual([{ utm_source: 'vk', utm_medium: 'cpc', utm_campaign: 'spring' }]);
  });

  it('writes nothing on an ordinary page view', () => {
    expect(utmStorageAfterVisit('', null, T0)).toBeNull();
    expect(utmStorageAfterVisit('?page=2', null, T0)).toBeNull();
    const { writes } = visits([['?utm_source=vk', T0], ['?page=3', T0 + 1000], ['', T0 + 2000]]);
    expect(writes.slice(1)).toEqual([null, null]);
  });

  it('does not record the same campaign twice in a row, but puts a new one in front', () => {
    const { stored, writes } = visits([
      ['?utm_source=vk', T0],
      ['?utm_source=vk', T0 + DAY],
      ['?utm_source=tg&utm_campaign=may', T0 + 2 * DAY],
    ]);
    expect(writes[1]).toBeNull();
    expect(tags(stored)).toEqual([{ utm_source: 'tg', utm_campaign: 'may' }, { utm_source: 'vk' }]);
  });

  it('skips empty values and cuts a value at the u_tm marker', () => {
    const stored = utmStorageAfterVisit('?utm_source=&utm_medium=%20&utm_campaign=springu_tmXYZ', null, T0);
    expect(tags(stored)).toEqual([{ utm_campaign: 'spring' }]);
    expect(utmStorageAfterVisit('?utm_source=&utm_term=u_tm1', null, T0)).toBeNull();
  });

  it('decodes the link: percent-encoded Cyrillic and + as a space', () => {
    const stored = utmStorageAfterVisit('?utm_source=%D0%B2%D0%BA&utm_term=skin+case', null, T0);
    expect(tags(stored)[0]).toEqual({ utm_source: 'вк', utm_term: 'skin case' });
  });

  it('forgets records older than a month, even on a visit without UTM', () => {
    const { stored } = visits([['?utm_source=old', T0], ['?utm_source=new', T0 + 20 * DAY]]);
    const later = utmStorageAfterVisit('', stored, T0 + 31 * DAY);
    expect(tags(later)).toEqual([{ utm_source: 'new' }]);
    expect(records(utmStorageAfterVisit('', later, T0 + 60 * DAY))).toEqual([]);
  });

  it('replaces whatever unreadable data was left in the storage', () => {
    expect(tags(utmStorageAfterVisit('?utm_source=vk', '{not json', T0))).toEqual([{ utm_source: 'vk' }]);
    expect(records(utmStorageAfterVisit('', '{"a":1}', T0))).toEqual([]);
  });
});
