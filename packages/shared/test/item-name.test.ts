import { describe, expect, it } from 'vitest';
import { parseItemName } from '../src/item-name.ts';

describe('item name parsing (spec §3)', () => {
  it('parses StatTrak, weapon, skin and quality', () => {
    expect(parseItemName('StatTrak™ AK-47 | Redline (Field-Tested)')).toEqual({
      stattrak: true, souvenir: false, star: false, weapon: 'AK-47', skin: 'Redline', quality: 'Field-Tested', qualityShort: 'FT',
    });
  });
  it('handles knives with a star, every wear and names with brackets', () => {
    const knife = parseItemName('★ StatTrak™ Karambit | Doppler (Factory New)');
    expect([knife.star, knife.stattrak, knife.weapon, knife.skin, knife.qualityShort]).toEqual([true, true, 'Karambit', 'Doppler', 'FN']);
    expect(parseItemName('M4A1-S | Hot Rod (Minimal Wear)').qualityShort).toBe('MW');
    expect(parseItemName('AWP | Asiimov (Well-Worn)').qualityShort).toBe('WW');
    expect(parseItemName('Glock-18 | Fade (Battle-Scarred)').qualityShort).toBe('BS');
    expect(parseItemName('Souvenir P90 | Sand Spray (Field-Tested)').souvenir).toBe(true);
  });
  it('leaves quality empty where there is none', () => {
    expect(parseItemName('★ Karambit')).toMatchObject({ weapon: 'Karambit', skin: null, quality: null, qualityShort: null });
    expect(parseItemName('Sticker | Team (Holo)')).toMatchObject({ weapon: 'Sticker', skin: 'Team (Holo)', quality: null });
  });
  it('reads the souvenir prefix off the weapon', () => {
    expect(parseItemName('Souvenir P90 | Sand Spray (Field-Tested)')).toMatchObject({ souvenir: true, stattrak: false, weapon: 'P90', skin: 'Sand Spray' });
  });
  it('takes StatTrak with or without the ™ sign, only at the start and only as a word', () => {
    expect(parseItemName('StatTrak AK-47 | Redline (Field-Tested)')).toMatchObject({ stattrak: true, weapon: 'AK-47' });
    expect(parseItemName('Sticker | StatTrak™ Fan (Holo)')).toMatchObject({ stattrak: false, weapon: 'Sticker', skin: 'StatTrak™ Fan (Holo)' });
    expect(parseItemName('StatTrak™Gun | Skin')).toMatchObject({ stattrak: false, weapon: 'StatTrak™Gun' });
    // However many spaces follow it, the next prefix is still read.
    expect(parseItemName('StatTrak™   Souvenir P90 | Sand Spray')).toMatchObject({ stattrak: true, souvenir: true, weapon: 'P90' });
  });
  it('ignores spaces around the whole name', () => {
    expect(parseItemName('  ★ Karambit | Fade (Factory New)  ')).toEqual({
      stattrak: false, souvenir: false, star: true, weapon: 'Karambit', skin: 'Fade', quality: 'Factory New', qualityShort: 'FN',
    });
  });
  it('reads a quality only from the last bracket, spaced or not', () => {
    expect(parseItemName('AK-47 | Redline(Field-Tested)')).toMatchObject({ weapon: 'AK-47', skin: 'Redline', quality: 'Field-Tested' });
    expect(parseItemName('Sticker | Team (Field-Tested) (Holo)')).toMatchObject({ skin: 'Team (Field-Tested) (Holo)', quality: null });
    expect(parseItemName('AK-47 | Redline (Field-Tested)x')).toMatchObject({ skin: 'Redline (Field-Tested)x', quality: null });
  });
  it('leaves the weapon empty when the name starts with the bar', () => {
    expect(parseItemName('| Redline (Minimal Wear)')).toMatchObject({ weapon: '', skin: 'Redline', qualityShort: 'MW' });
  });
});
