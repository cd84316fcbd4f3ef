import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, cheapestCase } from './helpers/factories.ts';
import { consoleOperators } from './helpers/operators.ts';
import { PROJECT_FACTS } from './helpers/project-fixtures.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

// The store as it runs by default: the catalogue's real pictures, each with the server's drawing
// behind it for a browser that cannot load it (decision 048).
let store: TestStore;
beforeAll(async () => {
  store = await createTestStore({ IMAGE_SOURCE: 'remote' });
});
afterAll(() => store.close());

const get = (url: string) => store.app.inject({ method: 'GET', url });
const caseCards = async (): Promise<{ slug: string; image: string }[]> =>
  (await api(store.app, 'GET', '/api/v2/case/sections/with-cases')).body.data.flatMap((s: any) => s.cases.map((c: any) => ({ slug: c.slug, image: c.appearance_data.image })));
const fallback = (src: string) => get(`/img/fallback?src=${encodeURIComponent(src)}`);
const isReal = (image: string) => /^https:\/\//.test(image);

/**
 * A case with a real picture, as its card shows it: the catalogue's own, or where the catalogue
 * draws every case (Dota 2, decision 079) one an operator gives the cheapest case in the console.
 */
async function caseWithPicture(): Promise<{ slug: string; image: string }> {
  if (PROJECT_FACTS.casePicture) return PROJECT_FACTS.casePicture;
  const { slug } = await cheapestCase(store.app);
  const { admin } = await consoleOperators(store);
  const cases = (await api(store.app, 'GET', '/api/v1/admin/cases', { token: admin.token })).body.data.items as { id: number; slug: string }[];
  const image = `https://images.example/cases/${slug}.webp`;
  const edited = await api(store.app, 'PATCH', `/api/v1/admin/cases/${cases.find((c) => c.slug === slug)!.id}`, { token: admin.token, body: { image_url: image } });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  return { slug, image };
}

describe('real pictures and their drawings', () => {
  it("gives the catalogue's real picture addresses for cases and their items, and its drawings for the store's own cases", async () => {
    const cheap = await cheapestCase(store.app);
    const detail = (await api(store.app, 'GET', `/api/v1/cases/${cheap.slug}`)).body.data;
    expect(detail.drops.length).toBeGreaterThan(0);
    for (const drop of detail.drops) expect(drop.image).toMatch(/^https:\/\//);
    const cards = await caseCards();
    // A case of the catalogue with a real picture shows it; a catalogue that has none shows none.
    if (PROJECT_FACTS.casePicture) expect(cards).toContainEqual(PROJECT_FACTS.casePicture);
    expect(cards.some((c) => isReal(c.image))).toBe(PROJECT_FACTS.casePicture !== null);
    // A case the store made itself has no picture elsewhere: its drawing.
    expect(cards.some((c) => c.image === `/img/cases/${c.slug}.svg`)).toBe(true);
  });

  it("sends a picture that would not load to the drawing of the same item or case", async () => {
    const cheap = await cheapestCase(store.app);
    const detail = (await api(store.app, 'GET', `/api/v1/cases/${cheap.slug}`)).body.data;
    const item = await fallback(detail.drops[0].image);
    expect(item.statusCode).toBe(302);
    expect(item.headers.location).toMatch(/^\/img\/items\/[\w.%-]+\.svg$/);
    // The drawing is of an item with that very picture.
    const key = decodeURIComponent(item.headers.location!.slice('/img/items/'.length, -4));
    expect(store.app.deps.catalogue.itemImage(store.app.deps.catalogue.item(key))).toBe(detail.drops[0].image);
    const drawn = await get(item.headers.location!);
    expect([drawn.statusCode, drawn.headers['content-type']]).toEqual([200, 'image/svg+xml']);

    const real = await caseWithPicture();
    expect(await caseCards()).toContainEqual(real);
    const box = await fallback(real.image);
    expect([box.statusCode, box.headers.location]).toEqual([302, `/img/cases/${encodeURIComponent(real.slug)}.svg`]);
  });

  it('draws a plain stand-in for an address the catalogue does not know', async () => {
    const res = await fallback('https://images.example/not-ours.webp');
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    expect(res.body).toMatch(/^<svg /);
  });

  it('refuses what is not an https address, and names the rule', async () => {
    for (const url of [
      '/img/fallback',
      `/img/fallback?src=${encodeURIComponent('javascript:alert(1)')}`,
      `/img/fallback?src=${encodeURIComponent('http://images.example/a.webp')}`,
      `/img/fallback?src=${encodeURIComponent(`https://images.example/${'a'.repeat(3000)}`)}`,
      `/img/fallback?src=${encodeURIComponent('https://images.example/a b')}`,
    ]) {
      const res = await get(url);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'validation']);
    }
  });
});
