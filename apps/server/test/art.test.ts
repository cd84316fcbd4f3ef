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
const pathsOf = (svg: string) => [...svg.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1]).join('|');

describe('generated art', () => {
  it('draws a different silhouette per weapon class', () => {
    const rifle = itemSvg(item, '#d32ce6');
    const knife = itemSvg({ ...item, key: 'karambit-fade-fn', category: 'knife' }, '#d32ce6');
    const gloves = itemSvg({ ...item, key: 'sport-gloves-fn', category: 'gloves' }, '#d32ce6');
    expect(pathsOf(rifle)).not.toBe(pathsOf(knife));
    expect(pathsOf(knife)).not.toBe(pathsOf(gloves));
    expect(rifle).toMatch(/^<svg [^>]*viewBox="0 0 256 192"/);
  });

  it('paints the item in its rarity colour and the case in its own colour', () => {
    expect(itemSvg(item, '#D32CE6')).toContain('#d32ce6');
    expect(caseSvg({ slug: 'chroma-2', nameEn: 'Chroma 2 Case', color: '#8847ff' })).toContain('#8847ff');
    expect(caseSvg({ slug: 'x', nameEn: 'X', color: '#8847ff' })).toMatch(/viewBox="0 0 256 256"/);
  });

  it('escapes names and refuses colours that are not hex', () => {
    const svg = itemSvg({ ...item, skinEn: 'Fire & <Ice>', weaponEn: 'M4A4 "Q"' }, '"/><script>');
    expect(svg).toContain('Fire &amp; &lt;Ice&gt;');
    expect(svg).toContain('M4A4 &quot;Q&quot;');
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<Ice>');
    const box = caseSvg({ slug: 'a&b', nameEn: 'Rock & <Roll>', color: 'red" onload="x' });
    expect(box).toContain('Rock &amp; &lt;Roll&gt;');
    expect(box).not.toContain('onload');
  });

  it('is deterministic', () => {
    expect(itemSvg(item, '#d32ce6')).toBe(itemSvg(item, '#d32ce6'));
  });
});
