import { describe, expect, it } from 'vitest';
import { caseSvg, itemSvg } from '../src/modules/catalogue/art.ts';

const item = {
  key: 'ak-47-redline-ft',
  nameEn: 'AK-47 | Redline',
  weaponEn: 'AK-47',
  skinEn: 'Redline',
  rarity: 'classified',
  category: 'rifle',
  stattrak: false,
  quality: 'FT' as const,
};
/** The weapon's outline: the first path drawn after the glow. */
const silhouetteOf = (svg: string) => /<path d="([^"]+)" fill="#000"/.exec(svg)?.[1];
const fillOf = (svg: string) => /<linearGradient id="[^"]+-fill"[^>]*>(.*?)<\/linearGradient>/.exec(svg)?.[1];
const caseBodyOf = (svg: string) => [...svg.matchAll(/<(?:path|rect) [^>]*>/g)].map((m) => m[0].replace(/fill="[^"]+"|stroke="[^"]+"|c-[\w-]+/g, '')).join('');

const weapons: [string, string][] = [
  ['rifle', 'AK-47'],
  ['rifle', 'M4A4'],
  ['rifle', 'FAMAS'],
  ['rifle', 'Galil AR'],
  ['smg', 'MP9'],
  ['smg', 'P90'],
  ['sniper', 'AWP'],
  ['sniper', 'SSG 08'],
  ['shotgun', 'Nova'],
  ['shotgun', 'MAG-7'],
  ['machinegun', 'Negev'],
  ['machinegun', 'M249'],
  ['pistol', 'Glock-18'],
  ['pistol', 'Desert Eagle'],
  ['pistol', 'R8 Revolver'],
  ['knife', 'Karambit'],
  ['knife', 'Bayonet'],
  ['knife', 'Butterfly Knife'],
  ['gloves', 'Sport Gloves'],
  ['gloves', 'Driver Gloves'],
  ['gloves', 'Hand Wraps'],
];

describe('generated art', () => {
  it('draws each weapon with a silhouette of its own, the same for every skin of it', () => {
    const drawn = weapons.map(([category, weaponEn]) => silhouetteOf(itemSvg({ ...item, key: weaponEn, category, weaponEn }, '#d32ce6')));
    expect(drawn.every(Boolean)).toBe(true);
    // Not one shape per class: every weapon here differs from every other.
    expect(new Set(drawn).size).toBe(weapons.length);
    const otherSkin = itemSvg({ ...item, key: 'ak-47-vulcan-fn', skinEn: 'Vulcan', nameEn: 'AK-47 | Vulcan', quality: 'FN' }, '#eb4b4b');
    expect(silhouetteOf(otherSkin)).toBe(silhouetteOf(itemSvg(item, '#d32ce6')));
    expect(itemSvg(item, '#d32ce6')).toMatch(/^<svg [^>]*viewBox="0 0 256 192"/);
  });

  it("draws each kind of Dota 2 cosmetic in a shape of its own, none a CS weapon's or the bare gem", () => {
    const kinds = ['arcana', 'immortal', 'set', 'wearable', 'taunt', 'ward', 'courier'];
    const drawn = kinds.map((category) => silhouetteOf(itemSvg({ ...item, key: `dota-${category}`, category, weaponEn: 'Pudge', nameEn: 'Dragonclaw Hook' }, '#ade55c')));
    expect(new Set(drawn).size).toBe(kinds.length);
    const gem = silhouetteOf(itemSvg({ ...item, key: 'x', category: 'unknown-kind', weaponEn: 'x' }, '#ade55c'));
    const csShapes = new Set(weapons.map(([category, weaponEn]) => silhouetteOf(itemSvg({ ...item, key: weaponEn, category, weaponEn }, '#d32ce6'))));
    for (const shape of drawn) {
      expect(shape).not.toBe(gem);
      expect(csShapes.has(shape)).toBe(false);
    }
  });

  it('bakes no text into the pictures: names and wear are printed by the page in its language', () => {
    for (const [category, weaponEn] of weapons) {
      const svg = itemSvg({ ...item, key: weaponEn, category, weaponEn, stattrak: true }, '#d32ce6');
      expect(svg).not.toMatch(/<text|Redline|StatTrak|>FT</);
    }
    expect(caseSvg({ slug: 'chroma-2', nameEn: 'Chroma 2 Case', color: '#8847ff' })).not.toMatch(/<text|Chroma/);
  });

  it("paints a skin in colours of its own, tinted by its rarity; a vanilla weapon in bare steel", () => {
    const redline = itemSvg(item, '#d32ce6');
    const other = itemSvg({ ...item, key: 'ak-47-frontside-misty-ft', skinEn: 'Frontside Misty' }, '#d32ce6');
    expect(fillOf(redline)).toBeTruthy();
    expect(fillOf(redline)).not.toBe(fillOf(other));
    expect(redline).toContain('#d32ce6'); // the rarity's glow
    const vanilla = itemSvg({ ...item, key: 'karambit', category: 'knife', weaponEn: 'Karambit', skinEn: null, nameEn: 'Karambit' }, '#eb4b4b');
    expect(fillOf(vanilla)).toContain('#9aa3b2');
  });

  it('gives cases bodies that differ by case, not only by colour, in the case colour', () => {
    const slugs = ['revolution', 'chroma-2', 'budget-box', 'level-1', 'level-15', 'dreams-nightmares', 'fracture', 'recoil'];
    const bodies = new Set(slugs.map((slug) => caseBodyOf(caseSvg({ slug, nameEn: slug, color: '#8847ff' }))));
    expect(bodies.size).toBeGreaterThanOrEqual(4);
    expect(caseSvg({ slug: 'chroma-2', nameEn: 'Chroma 2 Case', color: '#8847ff' })).toContain('#8847ff');
    expect(caseSvg({ slug: 'x', nameEn: 'X', color: '#8847ff' })).toMatch(/viewBox="0 0 256 256"/);
  });

  it('refuses colours that are not hex and keeps odd keys out of its ids', () => {
    const svg = itemSvg({ ...item, key: 'a"/><script>' }, '"/><script>');
    expect(svg).not.toContain('<script>');
    const box = caseSvg({ slug: 'a&b"<x>', nameEn: 'Rock & <Roll>', color: 'red" onload="x' });
    expect(box).not.toContain('onload');
    expect(box).not.toContain('<x>');
    expect(box).toContain('#e4ae39');
  });

  it('is deterministic', () => {
    expect(itemSvg(item, '#d32ce6')).toBe(itemSvg(item, '#d32ce6'));
    expect(caseSvg({ slug: 'recoil', nameEn: 'Recoil', color: '#4b69ff' })).toBe(caseSvg({ slug: 'recoil', nameEn: 'Recoil', color: '#4b69ff' }));
  });
});
