import { describe, expect, it } from 'vitest';
import ru from '#app/locales/ru/common.json';
import en from '#app/locales/en/common.json';
import ruFair from '#app/locales/ru/provably-fair.json';
import enFair from '#app/locales/en/provably-fair.json';
import ruTechies from '#app/locales/ru/techies.json';
import enTechies from '#app/locales/en/techies.json';

/** Every leaf key of a texts file, dotted. */
function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('the texts', () => {
  it('Russian and English have the same keys, plural forms included', () => {
    expect(keys(en).sort()).toEqual(keys(ru).sort());
    expect(keys(enTechies).sort()).toEqual(keys(ruTechies).sort());
  });

  it("a feature's own file keeps its texts under its one top-level key, clear of the common texts", () => {
    expect(Object.keys(ruTechies)).toEqual(['techies']);
    expect(Object.keys(enTechies)).toEqual(['techies']);
    expect(Object.keys(ru)).not.toContain('techies');
  });

  it('the provably-fair texts: the same keys in both languages, all under "pf", none empty, none clashing with common.json', () => {
    expect(keys(enFair).sort()).toEqual(keys(ruFair).sort());
    for (const texts of [ruFair, enFair]) expect(Object.keys(texts)).toEqual(['pf']);
    expect(Object.keys(ru)).not.toContain('pf');
    const leaves = (obj: unknown): unknown[] => (obj !== null && typeof obj === 'object' ? Object.values(obj).flatMap(leaves) : [obj]);
    for (const texts of [ruFair, enFair]) for (const v of leaves(texts)) expect(typeof v === 'string' && v.trim().length > 0).toBe(true);
  });

  it('every plural text has the four Russian forms in both languages', () => {
    for (const [lang, texts] of [
      ['ru', ru],
      ['en', en],
      ['ru', ruTechies],
      ['en', enTechies],
    ] as const) {
      const all = new Set(keys(texts));
      const plurals = [...all].filter((k) => /_(one|few|many|other)$/.test(k)).map((k) => k.replace(/_(one|few|many|other)$/, ''));
      for (const base of new Set(plurals))
        for (const form of ['one', 'few', 'many', 'other']) expect(all.has(`${base}_${form}`), `${lang}: ${base}_${form}`).toBe(true);
    }
  });

  it('no text is empty', () => {
    const leaves = (obj: unknown): unknown[] => (obj !== null && typeof obj === 'object' ? Object.values(obj).flatMap(leaves) : [obj]);
    for (const texts of [ru, en, ruTechies, enTechies])
      for (const v of leaves(texts)) expect(typeof v === 'string' && v.trim().length > 0).toBe(true);
  });
});
