import { describe, expect, it } from 'vitest';
import ruOverlays from '#app/locales/ru/overlays.json';
import enOverlays from '#app/locales/en/overlays.json';
import ruAlerts from '#app/locales/ru/alerts.json';
import enAlerts from '#app/locales/en/alerts.json';
import ruFrame from '#app/locales/ru/frame.json';
import enFrame from '#app/locales/en/frame.json';
import { playerTexts } from '#app/lib/i18n-all.ts';

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
    // What the frame says of the overlays (the consent bar, the connection and build banners) is
    // in frame.json, the rest (the dialogs) in overlays.json: together they are the language's.
    const overlays = (texts: unknown) => keys((texts as { overlays: unknown }).overlays).sort();
    expect(overlays(playerTexts.ru)).toEqual([...keys(ruFrame.overlays), ...keys(ruOverlays.overlays)].sort());
    expect(overlays(playerTexts.en)).toEqual([...keys(enFrame.overlays), ...keys(enOverlays.overlays)].sort());
    expect(playerTexts.en.alertCodes).toEqual(enAlerts.alertCodes);
    // The withdrawal and sale alerts keep their own key.
    expect(Object.keys(playerTexts.ru.alerts as object)).toContain('item_received');
  });
});
