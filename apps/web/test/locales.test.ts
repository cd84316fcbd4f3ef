import { describe, expect, it } from 'vitest';
import ru from '#app/locales/ru/common.json';
import en from '#app/locales/en/common.json';

/** Every leaf key of a texts file, dotted. */
function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('the texts', () => {
  it('Russian and English have the same keys, plural forms included', () => {
    expect(keys(en).sort()).toEqual(keys(ru).sort());
  });

  it('every plural text has the four Russian forms in both languages', () => {
    for (const [lang, texts] of [
      ['ru', ru],
      ['en', en],
    ] as const) {
      const all = new Set(keys(texts));
      const plurals = [...all].filter((k) => /_(one|few|many|other)$/.test(k)).map((k) => k.replace(/_(one|few|many|other)$/, ''));
      for (const base of new Set(plurals))
        for (const form of ['one', 'few', 'many', 'other']) expect(all.has(`${base}_${form}`), `${lang}: ${base}_${form}`).toBe(true);
    }
  });

  it('no text is empty', () => {
    const leaves = (obj: unknown): unknown[] => (obj !== null && typeof obj === 'object' ? Object.values(obj).flatMap(leaves) : [obj]);
    for (const texts of [ru, en]) for (const v of leaves(texts)) expect(typeof v === 'string' && v.trim().length > 0).toBe(true);
  });
});
