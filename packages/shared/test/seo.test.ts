import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEO_PAGES, seoFor, sitemapPages, type SeoSite } from '../src/seo.ts';

const cs: SeoSite = { title: 'CaseStore CS2', game: 'CS2', localePrefix: 'except_default' };
const dota: SeoSite = { title: 'CaseStore Dota 2', game: 'Dota 2', localePrefix: 'except_default' };

/** The store's pages as the web app routes them: every `route('…'` path of routes.ts, as a table pattern. */
function routedPaths(): string[] {
  const source = readFileSync(new URL('../../../apps/web/app/routes.ts', import.meta.url), 'utf8');
  // The operator console is no page of the store's: it stays out of the table (below).
  const paths = [...source.matchAll(/route\('([^']+)'/g)].map((m) => m[1]).filter((p) => p !== '*' && !p?.startsWith('admin'));
  return ['/', ...paths.map((p) => `/${p}`)];
}

/** A concrete address of a pattern. */
const sample = (pattern: string) => pattern.replace(/:\w+/g, '42');

const CYRILLIC = /[а-яё]/i;

describe('the SEO table', () => {
  it('has an entry of its own for every page the web app routes', () => {
    const patterns = SEO_PAGES.map((p) => p.path);
    for (const path of routedPaths()) expect(patterns, path).toContain(path);
  });

  it('leaves the operator console out, so anyone but an operator gets the not-found head there, and no sitemap lists it', () => {
    for (const path of ['/admin', '/en/admin/flags', '/admin/players/42', '/ru/admin/audit']) {
      expect(seoFor(path, cs)).toMatchObject({ page: '*', index: false });
    }
    expect(sitemapPages({}).some((p) => p.includes('admin'))).toBe(false);
  });

  it('also covers the content pages of spec §2', () => {
    for (const path of ['/faq', '/bonuses', '/cookies', '/contacts', '/user-agreement', '/event-condition', '/privacy-policy', '/land1']) {
      expect(seoFor(path, cs).page).toBe(path);
    }
  });

  it('writes Russian pages in Russian and English pages in English', () => {
    for (const site of [cs, dota]) {
      for (const { path } of SEO_PAGES) {
        const ru = seoFor(sample(path), site);
        const en = seoFor(`/en${sample(path)}`, site);
        expect(ru.lang).toBe('ru');
        expect(en.lang).toBe('en');
        expect(ru.title, path).toMatch(CYRILLIC);
        expect(ru.description, path).toMatch(CYRILLIC);
        expect(en.title, path).not.toMatch(CYRILLIC);
        expect(en.description, path).not.toMatch(CYRILLIC);
      }
    }
  });

  it('gives every page a title and description of its own, of a length search results show whole', () => {
    for (const lang of ['ru', 'en'] as const) {
      const heads = SEO_PAGES.map(({ path }) => seoFor(lang === 'en' ? `/en${sample(path)}` : sample(path), cs));
      expect(new Set(heads.map((h) => h.title)).size, lang).toBe(heads.length);
      expect(new Set(heads.map((h) => h.description)).size, lang).toBe(heads.length);
      for (const h of heads) {
        expect(h.title.length, h.title).toBeLessThanOrEqual(65);
        expect(h.description.length, h.description).toBeGreaterThanOrEqual(100);
        expect(h.description.length, h.description).toBeLessThanOrEqual(165);
      }
    }
  });

  it('names the project and its game', () => {
    expect(seoFor('/upgrades', dota).title).toBe('Апгрейд скинов Dota 2 — CaseStore Dota 2');
    expect(seoFor('/en/upgrades', cs).title).toBe('CS2 skin upgrades — CaseStore CS2');
  });

  it('uses the configured main-page texts in Russian and keeps English its own', () => {
    const site = { ...cs, seo: { title: 'CaseStore — кейсы CS2 с выводом в Steam', description: 'Вывод скинов в Steam за 1 минуту.' } };
    expect(seoFor('/', site)).toMatchObject(site.seo);
    expect(seoFor('/en', site).title).toBe('CaseStore CS2 — open CS2 cases, withdraw to Steam');
  });

  it('promises the 1-minute Steam withdrawal on the main page (spec §1)', () => {
    expect(seoFor('/', cs).description).toContain('Steam за 1 минуту');
    expect(seoFor('/en', cs).description).toContain('Steam in 1 minute');
  });

  it('names the case and the player when it knows them', () => {
    expect(seoFor('/open/dragon-lore', cs, { caseName: 'Драконий' }).title).toBe('Кейс «Драконий» — открыть на CaseStore CS2');
    expect(seoFor('/en/open/dragon-lore', cs, { caseName: 'Dragon' }).title).toBe('Dragon case — open it on CaseStore CS2');
    // The catalogue's names that already say "case" are not doubled.
    const named = seoFor('/open/dreams', cs, { caseName: 'Кейс «Грёзы и кошмары»' });
    expect(named.title).toBe('Кейс «Грёзы и кошмары» — открыть на CaseStore CS2');
    expect(named.description).toMatch(/^Откройте кейс «Грёзы и кошмары» онлайн/);
    expect(seoFor('/en/open/dreams', cs, { caseName: 'Dreams & Nightmares Case' }).title).toBe(
      'Dreams & Nightmares Case — open it on CaseStore CS2',
    );
    expect(seoFor('/en/profile/7', cs, { nickname: 'ace' }).title).toBe("ace's profile — CaseStore CS2");
    expect(seoFor('/open/dragon-lore', cs).title).toBe('Кейс CS2 — открыть онлайн на CaseStore CS2');
  });

  it('links each page to itself in both languages, ignoring a trailing slash and the query', () => {
    expect(seoFor('/en/battles/', cs)).toMatchObject({ canonical: '/en/battles', alternates: { ru: '/battles', en: '/en/battles' } });
    expect(seoFor('/daily-cases?show_xp_modal=true', cs)).toMatchObject({
      canonical: '/daily-cases',
      alternates: { ru: '/daily-cases', en: '/en/daily-cases' },
    });
    expect(seoFor('/en', cs)).toMatchObject({ canonical: '/en', alternates: { ru: '/', en: '/en' } });
  });

  it('with every language prefixed, the Russian page is canonical at /ru/x, whichever form was asked', () => {
    const always = { ...cs, localePrefix: 'always' as const };
    expect(seoFor('/ru/battles', always)).toMatchObject({ lang: 'ru', canonical: '/ru/battles', alternates: { ru: '/ru/battles', en: '/en/battles' } });
    expect(seoFor('/battles', always).canonical).toBe('/ru/battles');
    expect(seoFor('/ru', always)).toMatchObject({ canonical: '/ru', alternates: { ru: '/ru', en: '/en' } });
    expect(seoFor('/ru/upgrades', always).title).toBe(seoFor('/upgrades', cs).title);
    expect(seoFor('/ru/techies', always).canonical).toBe('/ru/sapper');
  });

  it('points aliases at the page they repeat', () => {
    expect(seoFor('/en/techies', cs).canonical).toBe('/en/sapper');
    expect(seoFor('/privacy-policy', cs).canonical).toBe('/event-condition');
    expect(seoFor('/new-cases', cs).canonical).toBe('/event/new-cases');
  });

  it('keeps private and transient pages out of search engines', () => {
    for (const path of [
      '/profile/settings',
      '/refill/result',
      '/refill/unauth',
      '/provably-fair/settings',
      '/battles/01J0000000000000000000000A',
      '/nowhere',
      '/en/sandbox/pay',
    ]) {
      expect(seoFor(path, cs).index, path).toBe(false);
    }
    expect(seoFor('/', cs).index).toBe(true);
    expect(seoFor('/en/open/x', cs).index).toBe(true);
  });

  it('answers an unknown path with the not-found page in its language', () => {
    expect(seoFor('/en/no-such-page', cs)).toMatchObject({ page: '*', title: 'Page not found — CaseStore CS2' });
    expect(seoFor('/no-such-page', cs).title).toBe('Страница не найдена — CaseStore CS2');
  });

  it('lists the indexed pages for the sitemap, without aliases and without switched-off features', () => {
    const all = sitemapPages({ pf: true, techies: true });
    expect(all).toEqual(expect.arrayContaining(['/', '/faq', '/provably-fair/instructions', '/sapper', '/battles']));
    expect(all).not.toContain('/techies');
    expect(all).not.toContain('/profile/settings');
    expect(all.some((p) => p.includes(':'))).toBe(false);
    const off = sitemapPages({ pf: false, techies: false });
    expect(off.filter((p) => p.startsWith('/provably-fair') || p === '/sapper')).toEqual([]);
    expect(off).toContain('/battles');
  });
});
