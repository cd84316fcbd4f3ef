import { describe, expect, it } from 'vitest';
import type { MetaDescriptor } from 'react-router';
import { loadSeoTable, namedPageHead, rootHead, type SeoRootData } from '#app/lib/seo-head.ts';
import { requestHead } from '#app/lib/seo-head.server.ts';

const config = { project: 'cs' as const, title: 'CaseStore CS2', game: 'CS2', seo: { title: 'Кейсы CS2', description: 'Главная' } };
const imageOf = (tags: MetaDescriptor[]) => tags.flatMap((t) => ('property' in t && t.property === 'og:image' ? [String(t.content)] : []))[0];
const titleOf = (tags: MetaDescriptor[]) => tags.flatMap((t) => ('title' in t ? [String(t.title)] : []))[0];
const canonicalOf = (tags: MetaDescriptor[]) => tags.flatMap((t) => ('rel' in t && t.rel === 'canonical' ? [String(t.href)] : []))[0];

// In this order: the browser has no SEO table until loadSeoTable; the server's loaders always do.
describe("the page's head, worked out on the server for the first page (the browser fetches the table later)", () => {
  const root: SeoRootData = {
    config,
    origin: 'https://store.test',
    head: requestHead(new URL('https://store.test/en/battles'), config),
  };
  const matches = [{ id: 'root', data: root }];

  it("the root loader's head is the page's own: title, canonical and cards in its language", () => {
    const tags = rootHead('/en/battles', root);
    expect(titleOf(tags)).toMatch(/^CS2 case battles/);
    expect(canonicalOf(tags)).toBe('https://store.test/en/battles');
    expect(tags).toContainEqual({ property: 'og:site_name', content: 'CaseStore CS2' });
  });

  it('another page keeps the last head until the table has come, then has its own', async () => {
    expect(titleOf(rootHead('/en/upgrades', root))).toBe(titleOf(rootHead('/en/battles', root)));
    await loadSeoTable();
    expect(titleOf(rootHead('/en/upgrades', root))).toMatch(/^CS2 skin upgrades/);
    expect(canonicalOf(rootHead('/upgrades', root))).toBe('https://store.test/upgrades');
  });

  it("a page that knows a name has its loader's head, else (its loader failed) the root's", () => {
    const head = requestHead(new URL('https://store.test/open/dreams'), config, { caseName: 'Грёзы и кошмары' });
    expect(titleOf(namedPageHead({ data: { head }, location: { pathname: '/open/dreams' }, matches }))).toContain('Грёзы и кошмары');
    expect(titleOf(namedPageHead({ data: undefined, location: { pathname: '/open/dreams' }, matches }))).not.toContain('Грёзы');
  });
});

describe("a Dota 2 store's head", () => {
  const dota = { project: 'dota' as const, title: 'CaseStore Dota 2', game: 'Dota 2', seo: { title: 'Кейсы Dota 2', description: 'Главная' } };

  it('names its own game and shares its own card, in each language', () => {
    for (const [path, card] of [
      ['/en/battles', '/og/share-dota-en.png'],
      ['/battles', '/og/share-dota-ru.png'],
    ] as const) {
      const root: SeoRootData = { config: dota, origin: 'https://store.test', head: requestHead(new URL(`https://store.test${path}`), dota) };
      const tags = rootHead(path, root);
      expect(titleOf(tags)).toContain('Dota 2');
      expect(titleOf(tags)).not.toContain('CS2');
      expect(imageOf(tags)).toBe(`https://store.test${card}`);
    }
  });

  it("keeps the CS2 store's card for the CS2 store", () => {
    const root: SeoRootData = { config, origin: 'https://store.test', head: requestHead(new URL('https://store.test/en/battles'), config) };
    expect(imageOf(rootHead('/en/battles', root))).toBe('https://store.test/og/share-en.png');
  });
});
