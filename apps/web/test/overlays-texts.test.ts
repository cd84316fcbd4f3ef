import { describe, expect, it } from 'vitest';
import ruOverlays from '#app/locales/ru/overlays.json';
import enOverlays from '#app/locales/en/overlays.json';
import ruAlerts from '#app/locales/ru/alerts.json';
import enAlerts from '#app/locales/en/alerts.json';
import ruTexts from '#app/locales/ru/ru-texts.ts';
import enTexts from '#app/locales/en/en-texts.ts';

const keys = (obj: unknown, prefix = ''): string[] =>
  obj !== null && typeof obj === 'object' ? Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];
const leaves = (obj: unknown): unknown[] => (obj !== null && typeof obj === 'object' ? Object.values(obj).flatMap(leaves) : [obj]);

describe('the overlays’ and alert codes’ texts', () => {
  it('have the same keys in Russian and English, each file under its one top-level key, none empty', () => {
    expect(keys(enOverlays).sort()).toEqual(keys(ruOverlays).sort());
    expect(keys(enAlerts).sort()).toEqual(keys(ruAlerts).sort());
    expect(Object.keys(ruOverlays)).toEqual(['overlays']);
    expect(Object.keys(ruAlerts)).toEqual(['alertCodes']);
    for (const texts of [ruOverlays, enOverlays, ruAlerts, enAlerts])
      for (const v of leaves(texts)) expect(typeof v === 'string' && v.trim().length > 0).toBe(true);
  });

  it('are merged into each language’s texts without replacing another file’s key', () => {
    expect(ruTexts.overlays).toBe(ruOverlays.overlays);
    expect(enTexts.alertCodes).toBe(enAlerts.alertCodes);
    // The withdrawal and sale alerts of common.json keep their own key.
    expect(Object.keys(ruTexts.alerts)).toContain('item_received');
  });
});
