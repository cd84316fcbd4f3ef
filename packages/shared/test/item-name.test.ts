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
});
