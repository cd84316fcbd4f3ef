import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEO_PAGES } from '@store/shared/seo';
import { listCatalogueRows } from '../src/modules/catalogue/find-cases.ts';
import { registerPlayer } from './helpers/factories.ts';
import { switchFlag } from './helpers/switches.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

const ORIGIN = 'https://casestore.example';
let store: TestStore;
let caseSlug: string;
let caseNames: { ru: string; en: string };

beforeAll(async () => {
  store = await createTestStore({ PUBLIC_URL: `${ORIGIN}/` });
  const { cases } = await listCatalogueRows(store.app.deps.db);
  const shown = cases.find((c) => c.available && c.status === 'active')!;
  caseSlug = shown.slug;
  caseNames = { ru: shown.nameRu, en: shown.nameEn };
});
afterAll(() => store.close());

/**
 * The store's pages as the web app routes them, with their parameters filled in. The operator
 * console is left out: to anyone but an operator it is the not-found page, head included (decision 029).
 */
function routedPaths(): string[] {
  const source = readFileSync(new URL('../../web/app/routes.ts', import.meta.url), 'utf8');
  const paths = [...source.matchAll(/route\('([^']+)'/g)].map((m) => m[1] ?? '').filter((p) => p !== '*' && !p.startsWith('admin'));
  return ['/', ...paths.map((p) => `/${p.replace(':caseName', caseSlug).replace(/:\w+/, '7')}`)];
}

const CYRILLIC = /[а-яё]/i;
type Seo = { status: boolean; data: { title: string; description: string }; code?: string };

async function askForm(url: string) {
  const res = await store.app.inject({
    method: 'POST',
    url: '/api/v1/seo/get',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ url }).toString(),
  });
  return { status: res.statusCode, body: res.json() as Seo };
}

async function askJson(payload: unknown, lang = 'ru') {
  const res = await store.app.inject({
    method: 'POST',
    url: '/api/v1/seo/get',
    headers: { 'content-type': 'application/json', 'x-client-language': lang },
    payload: JSON.stringify(payload),
  });
  return { status: res.statusCode, body: res.json() as Seo };
}

describe('POST /api/v1/seo/get', () => {
  it('answers every page of the store its own title and description in the page’s language, as a form or JSON', async () => {
    const paths = routedPaths();
    expect(paths.length).toBeGreaterThan(30);
    const seen = { ru: new Set<string>(), en: new Set<string>() };
    for (const path of paths) {
      for (const lang of ['ru', 'en'] as const) {
        const url = lang === 'en' ? (path === '/' ? '/en' : `/en${path}`) : path;
        const form = await askForm(url);
        expect(form.status, url).toBe(200);
        expect(form.body.status).toBe(true);
        const { title, description } = form.body.data;
        if (lang === 'ru') {
          expect(title, url).toMatch(CYRILLIC);
          expect(description, url).toMatch(CYRILLIC);
        } else {
          expect(title, url).not.toMatch(CYRILLIC);
          expect(description, url).not.toMatch(CYRILLIC);
        }
        expect(title, url).not.toMatch(/не найдена|not found/i);
        seen[lang].add(title);
        // The JSON body and a whole URL of the store name the same page; the header's language does not matter.
        const json = await askJson({ url: `${ORIGIN}${url}?utm_source=x` }, lang === 'ru' ? 'en' : 'ru');
        expect(json.body.data, url).toEqual(form.body.data);
      }
    }
    // The three names of the techies game share a game but not a title.
    expect(seen.ru.size).toBe(paths.length);
    expect(seen.en.size).toBe(paths.length);
  });

  it('answers the main page with the configured SEO texts, which promise the 1-minute withdrawal (spec §1)', async () => {
    const { project } = store.app.deps;
    expect((await askForm('/')).body.data).toEqual(project.seo);
    expect((await askForm('/en')).body.data.description).toMatch(/Steam in 1 minute/);
  });

  it('names the case and the player in their titles', async () => {
    expect((await askForm(`/open/${caseSlug}`)).body.data.title).toContain(caseNames.ru.replace(/^Кейс «(.+)»$/, '$1'));
    expect((await askForm(`/en/open/${caseSlug}`)).body.data.title).toContain(caseNames.en);
    const player = await registerPlayer(store.app);
    const me = await store.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${player.token}` } });
    const nickname = (me.json() as { data: { nickname: string } }).data.nickname;
    expect((await askForm(`/en/profile/${player.userId}`)).body.data.title).toBe(`${nickname}'s profile — ${store.app.deps.project.title}`);
  });

  it('answers an unknown page with the not-found texts', async () => {
    expect((await askForm('/en/no-such-page')).body.data.title).toMatch(/^Page not found/);
  });

  it('refuses what is no page of this store with a catalogue error', async () => {
    const hostile = [
      'https://evil.example/battles',
      '//evil.example/battles',
      'javascript:alert(1)',
      'battles',
      '/\\evil.example',
      '/bat\ntles',
      `/${'a'.repeat(2100)}`,
      ' ',
    ];
    for (const url of hostile) {
      const res = await askForm(url);
      expect(res.status, url).toBe(400);
      expect(res.body.status).toBe(false);
      expect(['seo_url_invalid', 'validation'], url).toContain(res.body.code);
    }
    for (const payload of [{}, { url: 42 }, { url: ['/'] }, null]) {
      const res = await askJson(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.code).toBe('validation');
    }
    const other = await askJson({ url: 'https://evil.example/' }, 'en');
    expect(other.body).toMatchObject({ code: 'seo_url_invalid', message: 'This is not the address of a page of this site' });
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every indexed page in both languages with its alternates, and the catalogue’s cases', async () => {
    const res = await store.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    const xml = res.body;
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(locs).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/en`,
        `${ORIGIN}/battles`,
        `${ORIGIN}/en/battles`,
        `${ORIGIN}/faq`,
        `${ORIGIN}/en/faq`,
      ]),
    );
    expect(locs).toContain(`${ORIGIN}/open/${caseSlug}`);
    expect(locs).toContain(`${ORIGIN}/en/open/${caseSlug}`);
    // Each entry names both languages and the default.
    const entry = xml.split('<url>').find((u) => u.includes(`<loc>${ORIGIN}/en/battles</loc>`))!;
    expect(entry).toContain(`hreflang="ru" href="${ORIGIN}/battles"`);
    expect(entry).toContain(`hreflang="en" href="${ORIGIN}/en/battles"`);
    expect(entry).toContain(`hreflang="x-default" href="${ORIGIN}/battles"`);
    // Private pages, aliases and redirects stay out.
    for (const path of ['/profile/settings', '/refill/result', '/techies', '/new-cases', '/privacy-policy'])
      expect(locs).not.toContain(`${ORIGIN}${path}`);
    const indexed = SEO_PAGES.filter((p) => p.index && !p.canonical && !p.flag && !p.path.includes(':')).length;
    expect(locs.length).toBeGreaterThanOrEqual(indexed * 2);
  });

  it('leaves out the pages of switched-off features and takes them back when switched on', async () => {
    const locsOf = async () =>
      [...(await store.app.inject({ method: 'GET', url: '/sitemap.xml' })).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    await switchFlag(store.app, 'pf', 'off');
    await switchFlag(store.app, 'techies', 'off');
    const off = await locsOf();
    expect(off.filter((l) => l.includes('/provably-fair/') || l.endsWith('/sapper'))).toEqual([]);
    await switchFlag(store.app, 'pf', 'on');
    await switchFlag(store.app, 'techies', 'on');
    const on = await locsOf();
    expect(on).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/provably-fair/instructions`,
        `${ORIGIN}/en/provably-fair/check`,
        `${ORIGIN}/sapper`,
        `${ORIGIN}/en/sapper`,
      ]),
    );
    await switchFlag(store.app, 'pf', 'reset');
    await switchFlag(store.app, 'techies', 'reset');
  });

  it('with every language prefixed (LOCALE_PREFIX=always), lists the Russian pages under /ru', async () => {
    const always = await createTestStore({ PUBLIC_URL: ORIGIN, LOCALE_PREFIX: 'always' });
    try {
      const xml = (await always.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
      expect(locs).toEqual(expect.arrayContaining([`${ORIGIN}/ru`, `${ORIGIN}/en`, `${ORIGIN}/ru/battles`, `${ORIGIN}/en/battles`]));
      expect(locs).not.toContain(`${ORIGIN}/battles`);
      const entry = xml.split('<url>').find((u) => u.includes(`<loc>${ORIGIN}/en/faq</loc>`))!;
      expect(entry).toContain(`hreflang="ru" href="${ORIGIN}/ru/faq"`);
      expect(entry).toContain(`hreflang="x-default" href="${ORIGIN}/ru/faq"`);
    } finally {
      await always.close();
    }
  });
});

describe('GET /robots.txt', () => {
  it('lets crawlers read the pages but not the API, the sandboxes or private screens, and names the sitemap', async () => {
    const res = await store.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/sandbox/', '/profile/settings', '/refill/result', '/en/profile/settings', '/ru/profile/settings'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(lines).not.toContain('Disallow: /');
  });
});
