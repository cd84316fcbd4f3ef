import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, fundedPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

let store: TestStore;

beforeAll(async () => {
  store = await createTestStore({ TEST_CLOCK: '1' });
});
afterAll(() => store.close());

describe("the event's figures a page shows (decision 082)", () => {
  it("an event card carries the spec's total_count and opened_count beside the case's own limit figures", async () => {
    const cards = (await api(store.app, 'GET', '/api/v1/event/cases?type=event')).body.data as any[];
    const limited = cards.find((c) => c.statistic_data.opens_limit !== null)!;
    expect(limited).toBeTruthy();
    const before = limited.statistic_data;
    expect(before.total_count).toBe(before.opens_limit);
    expect(before.opened_count).toBe(before.opens_limit - before.opens_remaining);
    expect([limited.counter_start, limited.counter_end]).toEqual([before.total_count, before.opens_remaining]);

    const p = await fundedPlayer(store.app, store.database.db, 1000);
    expect((await api(store.app, 'POST', `/api/v1/cases/${limited.slug}/open`, { token: p.token, body: { multi_open: 1 } })).status).toBe(200);
    const after = ((await api(store.app, 'GET', '/api/v1/event/cases?type=event')).body.data as any[]).find((c) => c.slug === limited.slug);
    expect(after.statistic_data).toMatchObject({ total_count: before.total_count, opened_count: before.opened_count + 1, opens_remaining: before.opens_remaining - 1 });
    const unlimited = cards.find((c) => c.statistic_data.opens_limit === null);
    if (unlimited) expect(unlimited.statistic_data.total_count).toBeNull();

    const progress = (await api(store.app, 'GET', `/api/v1/event/personal-progress?caseName=${limited.slug}`, { token: p.token })).body.data;
    expect(progress.opened).toBe(1);
    expect(progress.coins_earned).toBeGreaterThanOrEqual(0);
  });

  it("the settings name each case section's picture (getCasesImages)", async () => {
    const s = (await api(store.app, 'GET', '/api/v1/event/current')).body.data;
    expect(Object.keys(s.get_cases_images).sort()).toEqual(Object.keys(s.cases_section_titles).sort());
    expect(s.get_cases_images).toEqual({ cases: s.image_logo.case, coin_cases: s.image_overview.bonus, new_cases: s.image_overview.cases });
  });

  it('the info popup lists the pass levels with their rewards and the daily cases, in the asked language', async () => {
    const en = (await api(store.app, 'GET', '/api/v1/popup/info', { lang: 'en' })).body.data;
    expect(en.chaleng.levels.length).toBeGreaterThan(0);
    expect(en.daily_case.length).toBeGreaterThan(0);
    expect(en.daily_case[0]).toEqual({ id: expect.any(Number), img: expect.any(String), name: expect.any(String) });
  });
});
