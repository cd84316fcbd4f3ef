import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../src/modules/offers/schema.ts';
import { loadOfferCases, presentOffer } from '../src/modules/offers/present-offer.ts';
import { hunterOfferName } from '../src/modules/offers/seed-offers.ts';
import { TEST_PROJECT } from './helpers/project-fixtures.ts';
import { api } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/* An offer's badge and its text tell one discount: the figure of offerSalePercent. */
let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

/** Every percent a text gives as a discount: "скидкой 30 %", "30 % off", and half price as 50. */
function discountsIn(text: string): number[] {
  const found = [...text.matchAll(/скидк\S*\s+(\d+)\s?%|(\d+)\s?%\s?off/gi)].map((m) => Number(m[1] ?? m[2]));
  if (/полцены|half price/i.test(text)) found.push(50);
  return found;
}

describe('offer labels: one figure, from one rule', () => {
  it('every seeded offer, listed or offered by a trigger, in both languages, says the discount its badge shows', async () => {
    const rows = await store.database.db.select().from(offers);
    expect(rows.map((o) => o.name).sort()).toEqual(['daily-case', hunterOfferName(TEST_PROJECT), 'secret-stash', 'starter-pack'].sort());
    const bySlug = await loadOfferCases(store.database.db, rows);
    for (const row of rows) {
      for (const lang of ['ru', 'en'] as const) {
        const o = presentOffer(row, { bySlug, catalogue: store.app.deps.catalogue, lang, bought: false });
        expect(o.sale, `${row.name} ${lang}`).toBeGreaterThan(0);
        expect(discountsIn(`${o.title} ${o.description}`), `${row.name} ${lang}: ${o.description}`).toEqual([o.sale]);
        expect(o.sale).toBe(Math.round(((o.old_price - o.price) * 100) / o.old_price));
      }
    }
  });

  it('the shop and the secret shop answer the same figures on their cards', async () => {
    for (const lang of ['ru', 'en'] as const) {
      for (const url of ['/api/v1/offers', '/api/v1/offers?secret=1']) {
        const res = await api(store.app, 'GET', url, { lang });
        expect(res.body.data.length).toBeGreaterThan(0);
        for (const o of res.body.data) expect(discountsIn(o.description), `${o.name} ${lang}: ${o.description}`).toEqual([o.sale]);
      }
    }
  });
});
