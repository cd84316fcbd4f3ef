import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import ru from '#app/locales/ru/common.json';
import ruFair from '#app/locales/ru/provably-fair.json';
import enFair from '#app/locales/en/provably-fair.json';
import ruTechies from '#app/locales/ru/techies.json';
import enTechies from '#app/locales/en/techies.json';
import ruFrame from '#app/locales/ru/ru-texts.ts';
import enFrame from '#app/locales/en/en-texts.ts';
import ruPage from '#app/locales/ru/ru-page-texts.ts';
import enPage from '#app/locales/en/en-page-texts.ts';

/** Every leaf key of a texts file, dotted. */
function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const leaves = (obj: unknown): unknown[] => (obj !== null && typeof obj === 'object' ? Object.values(obj).flatMap(leaves) : [obj]);

/** Every texts file of a language, by name: the frame's (`frame.json`, `alerts.json`, `banners.json`), the pages' and the console's. */
function files(lang: 'ru' | 'en'): Record<string, unknown> {
  const dir = fileURLToPath(new URL(`../app/locales/${lang}/`, import.meta.url));
  const names = readdirSync(dir).filter((f) => f.endsWith('.json'));
  return Object.fromEntries(names.map((f) => [f, JSON.parse(readFileSync(`${dir}${f}`, 'utf8')) as unknown]));
}
const ruFiles = files('ru');
const enFiles = files('en');

describe('the texts', () => {
  it('Russian and English have the same files, each with the same keys, plural forms included', () => {
    expect(Object.keys(enFiles).sort()).toEqual(Object.keys(ruFiles).sort());
    for (const name of Object.keys(ruFiles)) expect(keys(enFiles[name]).sort(), name).toEqual(keys(ruFiles[name]).sort());
  });

  it('the frame’s texts and the pages’ are the same keys in both languages', () => {
    expect(keys(enFrame).sort()).toEqual(keys(ruFrame).sort());
    expect(keys(enPage).sort()).toEqual(keys(ruPage).sort());
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
    for (const texts of [ruFair, enFair]) for (const v of leaves(texts)) expect(typeof v === 'string' && v.trim().length > 0).toBe(true);
  });

  it('every plural text has the four Russian forms in both languages, all in one file', () => {
    for (const [lang, all] of [
      ['ru', ruFiles],
      ['en', enFiles],
    ] as const)
      for (const [name, texts] of Object.entries(all)) {
        const here = new Set(keys(texts));
        const plurals = [...here].filter((k) => /_(one|few|many|other)$/.test(k)).map((k) => k.replace(/_(one|few|many|other)$/, ''));
        for (const base of new Set(plurals))
          for (const form of ['one', 'few', 'many', 'other'])
            expect(here.has(`${base}_${form}`), `${lang} ${name}: ${base}_${form}`).toBe(true);
      }
  });

  it('no text is empty', () => {
    for (const all of [ruFiles, enFiles])
      for (const [name, texts] of Object.entries(all))
        for (const v of leaves(texts)) expect(typeof v === 'string' && v.trim().length > 0, name).toBe(true);
  });
});
