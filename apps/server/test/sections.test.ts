import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

// Spec §3 and §7: the sections call under the spec's own query names, and the case and section
// fields a spec client reads. Its own store: the last test ends the running event.
let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());
const db = () => store.database.db;
const sections = async (query = '') => (await api(store.app, 'GET', `/api/v2/case/sections/with-cases${query}`)).body.data as any[];
const slugs = (list: any[]) => list.map((s) => s.slug);

describe('the sections call of spec §7', () => {
  it('reads caseStatuses[] and sectionStatuses[], repeated or comma-joined, as the snake_case names', async () => {
    await db().execute(sql`update cases set status = 'hidden' where slug = (select slug from cases where daily = false and status = 'active' order by id limit 1)`);
    const soon = (await db().execute(sql`select slug from cases where status = 'hidden' and daily = false limit 1`)) as unknown as { rows: { slug: string }[] };
    const slug = soon.rows[0]!.slug;
    const caseSlugs = (list: any[]) => list.flatMap((s) => s.cases.map((c: any) => c.slug));
    expect(caseSlugs(await sections())).not.toContain(slug);
    // A hidden case is left out unless a status list asks for it.
    for (const q of ['?caseStatuses[]=hidden', '?caseStatuses[]=hidden&caseStatuses[]=active', '?caseStatuses=hidden,active', '?case_statuses=hidden']) {
      expect(caseSlugs(await sections(q)), q).toContain(slug);
    }
    expect(caseSlugs(await sections('?caseStatuses[]=hidden')).every((s) => s === slug)).toBe(true);
    await db().execute(sql`update sections set status = 'archived' where slug = 'budget'`);
    expect(slugs(await sections())).not.toContain('budget');
    expect(slugs(await sections('?sectionStatuses[]=archived'))).toEqual(['budget']);
    expect(slugs(await sections('?sectionStatuses=active,archived'))).toContain('budget');
  });

  it('gives each section its row breaks, the event section its title colours, and each case its bonuses and offer flag', async () => {
    const all = await sections();
    for (const s of all) expect(s.line_breaks, s.slug).toBe(Math.max(0, Math.ceil(s.cases.length / 6) - 1));
    const event = all.find((s) => s.event)!;
    expect(event.appearance_data.title.color_data).toEqual({
      gradient: event.appearance_data.cards_background,
      circle: event.appearance_data.cards_circle,
      gradient_hovered: event.appearance_data.cards_hover,
      circle_shadow: event.appearance_data.cards_shadow,
    });
    for (const s of all.filter((x) => !x.event)) expect(s.appearance_data.title.color_data).toBeUndefined();
    // Event coins an opening pays: the case's range, in the coin currency.
    const cards = all.flatMap((s) => s.cases);
    const withCoins = (await db().execute(sql`select slug, coins_min, coins_max from cases where coins_min is not null and daily = false`)) as unknown as {
      rows: { slug: string; coins_min: number; coins_max: number }[];
    };
    expect(withCoins.rows.length).toBeGreaterThan(0);
    for (const r of withCoins.rows) {
      const card = cards.find((c) => c.slug === r.slug);
      if (card) expect(card.bonuses).toEqual({ currency_code: 'TASTY_COIN', amount_min: Number(r.coins_min), amount_max: Number(r.coins_max) });
    }
    expect(cards.filter((c) => c.bonuses === null).length).toBeGreaterThan(0);
    // The starter pack of the offers shop bundles cases: their cards say they come cheaper there.
    const offered = (await api(store.app, 'GET', '/api/v1/offers')).body.data.flatMap((o: any) => o.cases.map((c: any) => c.slug));
    expect(offered.length).toBeGreaterThan(0);
    for (const c of cards) expect(c.is_offer, c.slug).toBe(offered.includes(c.slug));
  });

  it('answers a case of a numbered series by name and number', async () => {
    const res = await api(store.app, 'GET', '/api/v1/cases/level/15');
    expect(res.status).toBe(200);
    expect(res.body.data.slug).toBe('level-15');
    expect(res.body.data).toEqual((await api(store.app, 'GET', '/api/v1/cases/level-15')).body.data);
    const missing = await api(store.app, 'GET', '/api/v1/cases/level/999', { lang: 'en' });
    expect([missing.status, missing.body.code, missing.body.message]).toEqual([404, 'caseNotFound', 'Case not found']);
    expect((await api(store.app, 'GET', '/api/v1/cases/level/%3Cscript%3E')).body.code).toBe('validation');
  });

  it("with main, shows the event's shelves only while the event is on", async () => {
    expect(slugs(await sections('?main=1'))).toEqual(slugs(await sections()));
    expect((await sections('?main=1')).some((s) => s.event)).toBe(true);
    await db().execute(sql`update events set ends_at = now() - interval '1 minute' where starts_at < now()`);
    const main = await sections('?main=1');
    expect(main.some((s) => s.event)).toBe(false);
    expect(main.length).toBeGreaterThan(0);
    // The bare call still lists every section; `event=1` asks for the event's own.
    expect((await sections()).some((s) => s.event)).toBe(true);
    expect((await sections('?main=1&event=1')).every((s) => s.event)).toBe(true);
  });
});
