import { expect, test, type Page } from '@playwright/test';
import { hydrated, shoot } from './helpers.ts';

/**
 * What a search engine and a link preview read in the head of a page: its own
 * title and description in its language, the canonical address, the same page in the other
 * language, Open Graph and Twitter tags, noindex on private pages; and a client-side navigation
 * retitles the page.
 */

const CYRILLIC = /[а-яё]/i;

async function head(page: Page) {
  return page.evaluate(() => {
    const attr = (selector: string, name: string) => document.head.querySelector(selector)?.getAttribute(name) ?? null;
    const alternates = Object.fromEntries(
      [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute('hreflang'),
        l.getAttribute('href'),
      ]),
    );
    return {
      lang: document.documentElement.lang,
      title: document.title,
      titles: document.head.querySelectorAll('title').length,
      descriptions: document.head.querySelectorAll('meta[name="description"]').length,
      description: attr('meta[name="description"]', 'content'),
      canonical: attr('link[rel="canonical"]', 'href'),
      robots: attr('meta[name="robots"]', 'content'),
      alternates,
      og: Object.fromEntries(
        [...document.head.querySelectorAll('meta[property^="og:"]')].map((m) => [m.getAttribute('property'), m.getAttribute('content')]),
      ),
      twitterCard: attr('meta[name="twitter:card"]', 'content'),
    };
  });
}

let caseSlug: string;
test.beforeAll(async ({ request }) => {
  const sections = (await (await request.get('/api/v2/case/sections/with-cases?main=1')).json()).data as {
    cases: { slug: string; available: boolean }[];
  }[];
  caseSlug = sections.flatMap((s) => s.cases).find((c) => c.available)!.slug;
});

for (const lang of ['ru', 'en'] as const) {
  const at = (path: string) => (lang === 'en' ? (path === '/' ? '/en' : `/en${path}`) : path);

  test(`${lang}: the head of each page carries its own title, description, links and cards`, async ({ page, baseURL, request }) => {
    const origin = new URL(baseURL!).origin;
    const seen = new Set<string>();
    for (const path of ['/', '/upgrades', '/battles', '/daily-cases', '/faq', `/open/${caseSlug}`]) {
      await test.step(at(path), async () => {
        await page.goto(at(path));
        await hydrated(page);
        const h = await head(page);
        // The API answers the same texts for the same address.
        const api = (await (await request.post('/api/v1/seo/get', { form: { url: at(path) } })).json()).data as {
          title: string;
          description: string;
        };
        expect(h.lang).toBe(lang);
        expect(h.titles, 'one title').toBe(1);
        expect(h.descriptions, 'one description').toBe(1);
        expect(h.title).toBe(api.title);
        expect(h.description).toBe(api.description);
        if (lang === 'ru') expect(h.title + h.description).toMatch(CYRILLIC);
        else expect(h.title + h.description).not.toMatch(CYRILLIC);
        expect(seen.has(h.title), `${h.title} is this page's own`).toBe(false);
        seen.add(h.title);
        const ru = `${origin}${path}`;
        const en = `${origin}${path === '/' ? '/en' : `/en${path}`}`;
        expect(h.canonical).toBe(lang === 'en' ? en : ru);
        expect(h.alternates).toEqual({ ru, en, 'x-default': ru });
        expect(h.robots).toBeNull();
        expect(h.og).toMatchObject({
          'og:title': h.title,
          'og:description': h.description,
          'og:url': h.canonical,
          'og:type': 'website',
          'og:site_name': expect.stringContaining('CaseStore'),
          'og:locale': lang === 'en' ? 'en_US' : 'ru_RU',
          'og:image': `${origin}/og/share-${lang}.png`,
        });
        expect(h.twitterCard).toBe('summary_large_image');
      });
    }
    // The case's page names the case.
    const caseTitle = await page.title();
    const caseName = (await page.locator('h1').first().textContent())!.trim();
    expect(caseTitle).toContain(caseName.replace(/^Кейс «(.+)»$/, '$1'));

    // The share picture is a real 1200×630 image.
    const image = await request.get(`/og/share-${lang}.png`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const png = await image.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  test(`${lang}: private pages ask not to be indexed, aliases point at their page, and navigation retitles the page`, async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    await page.goto(at('/refill/result'));
    await hydrated(page);
    expect((await head(page)).robots).toBe('noindex, follow');

    await page.goto(at('/techies'));
    await hydrated(page);
    expect((await head(page)).canonical).toBe(`${origin}${at('/sapper')}`);

    await page.goto(at('/'));
    await hydrated(page);
    const home = await page.title();
    await shoot(page, `seo-${lang}-home`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page
      .locator(`a[href="${at('/battles')}"]`)
      .first()
      .click();
    await expect(page).toHaveURL((url) => url.pathname === at('/battles'));
    await expect(page).not.toHaveTitle(home);
    const h = await head(page);
    expect(h.title).toMatch(lang === 'en' ? /^CS2 case battles/ : /^Батлы кейсов CS2/);
    expect(h.canonical).toBe(`${origin}${at('/battles')}`);
    expect(h.og['og:title']).toBe(h.title);
  });
}
