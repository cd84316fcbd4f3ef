import type { UtmRecord } from '@store/shared/utm';
import { describe, expect, it } from 'vitest';
import { UTM_STORAGE_KEY, utmStorageAfterVisit } from '#app/features/promo/api/use-utm.ts';

const DAY = 24 * 3600 * 1000;
const T0 = Date.UTC(2025, 4, 1);
const records = (stored: string | null): UtmRecord[] => JSON.parse(stored ?? 'null');

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
  it('keeps the records under the key the spec names', () => {
    expect(UTM_STORAGE_KEY).toBe('nuxt-utm-data');
  });

  it('saves the UTM parameters of a visit with a campaign link', () => {
    const stored = utmStorageAfterVisit('?utm_source=vk&utm_medium=cpc&utm_campaign=spring&page=2', null, T0);
    expect(records(stored)).toEqual([{ params: { utm_source: 'vk', utm_medium: 'cpc', utm_campaign: 'spring' }, at: T0 }]);
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
    expect(records(stored).map((r) => r.params)).toEqual([{ utm_source: 'tg', utm_campaign: 'may' }, { utm_source: 'vk' }]);
  });

  it('skips empty values and cuts a value at the u_tm marker', () => {
    const stored = utmStorageAfterVisit('?utm_source=&utm_medium=%20&utm_campaign=springu_tmXYZ', null, T0);
    expect(records(stored)).toEqual([{ params: { utm_campaign: 'spring' }, at: T0 }]);
    expect(utmStorageAfterVisit('?utm_source=&utm_term=u_tm1', null, T0)).toBeNull();
  });

  it('decodes the link: percent-encoded Cyrillic and + as a space', () => {
    const stored = utmStorageAfterVisit('?utm_source=%D0%B2%D0%BA&utm_term=skin+case', null, T0);
    expect(records(stored)[0]?.params).toEqual({ utm_source: 'вк', utm_term: 'skin case' });
  });

  it('forgets records older than a month, even on a visit without UTM', () => {
    const { stored } = visits([['?utm_source=old', T0], ['?utm_source=new', T0 + 20 * DAY]]);
    const later = utmStorageAfterVisit('', stored, T0 + 31 * DAY);
    expect(records(later).map((r) => r.params.utm_source)).toEqual(['new']);
    expect(records(utmStorageAfterVisit('', later, T0 + 60 * DAY))).toEqual([]);
  });

  it('replaces whatever unreadable data was left in the storage', () => {
    expect(records(utmStorageAfterVisit('?utm_source=vk', '{not json', T0))).toEqual([{ params: { utm_source: 'vk' }, at: T0 }]);
    expect(records(utmStorageAfterVisit('', '{"a":1}', T0))).toEqual([]);
  });
});
