import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentileCont } from '@store/shared/web-vitals';
import { runAdminCommand } from '../src/admin/commands.ts';
import type { MovableClock } from '../src/platform/clock.ts';
import { api, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * Real players' page figures (decision 066): the web's `web_vital` beacons reach the analytics
 * sandbox, and the console reads each page's 75th percentile of each metric over a period. The
 * expected percentiles are worked out here by hand from the values sent.
 */
let store: TestStore;
let provider: TestStore;
let admin: Player;
let support: Player;
let player: Player;
const clock = () => store.app.deps.clock as MovableClock;

beforeAll(async () => {
  [store, provider] = await Promise.all([createTestStore({ TEST_CLOCK: '1' }), createTestStore({ ANALYTICS_URL: 'https://track.example/collect' })]);
  [admin, support, player] = await Promise.all([registerPlayer(store.app), registerPlayer(store.app), registerPlayer(store.app)]);
  await runAdminCommand(store.database.db, { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
  await runAdminCommand(store.database.db, { command: 'role', login: support.login, role: 'support', operator: 'test' });
});
afterAll(async () => {
  await Promise.all([store?.close(), provider?.close()]);
});

const session = `s-${randomBytes(8).toString('hex')}`;
const send = async (page: string, metric: string, value: number) => {
  const hit = { type: 'event', session_id: session, name: 'web_vital', path: page, props: { metric, value }, at: Date.now() };
  const res = await store.app.inject({ method: 'POST', url: '/api/sandbox/analytics/collect', headers: { 'content-type': 'text/plain;charset=UTF-8' }, payload: JSON.stringify(hit) });
  expect(res.statusCode, res.body).toBe(200);
};
const figures = async (query = '', who: Player = admin, on: TestStore = store) => {
  const res = await api(on.app, 'GET', `/api/v1/admin/web-vitals${query}`, { token: who.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const metricOf = (data: any, page: string, metric: string) => data.pages.find((p: any) => p.page === page)?.metrics.find((m: any) => m.metric === metric);

describe("real players' page figures", () => {
  it('refuses a guest (401), a player (403 operator_only) and support (403 admin_only), like the rest of the dashboard', async () => {
    const guest = await api(store.app, 'GET', '/api/v1/admin/web-vitals');
    expect([guest.status, guest.body.code]).toEqual([401, 'authentication']);
    const asPlayer = await api(store.app, 'GET', '/api/v1/admin/web-vitals', { token: player.token });
    expect([asPlayer.status, asPlayer.body.code]).toEqual([403, 'operator_only']);
    const asSupport = await api(store.app, 'GET', '/api/v1/admin/web-vitals', { token: support.token });
    expect([asSupport.status, asSupport.body.code]).toEqual([403, 'admin_only']);
    expect((await api(store.app, 'GET', '/api/v1/admin/web-vitals?period=1y', { token: admin.token })).body).toMatchObject({ status: false, code: 'validation' });
  });

  it("answers each page's 75th percentile of each metric it has readings of, and only over the chosen period", async () => {
    expect(await figures()).toMatchObject({ source: 'sandbox', provider_url: null, period: '7d', kept_since: null, pages: [] });

    // Two days ago: the case page was slow.
    for (const v of [4000, 5000]) await send('/open/:caseName', 'LCP', v);
    await send('/open/:caseName', 'INP', 900);
    clock().advance(2 * 86_400_000);
    // Today: four readings of the case page's paint, and the main page's shift and first byte.
    for (const v of [1200, 1800, 2400, 3000]) await send('/open/:caseName', 'LCP', v);
    for (const v of [0, 0.05, 0.3]) await send('/', 'CLS', v);
    await send('/', 'TTFB', 180);
    // A web_vital the protocol does not know is recorded as an event, and is no reading.
    const odd = { type: 'event', session_id: session, name: 'web_vital', path: '/', props: { metric: 'FID', value: 5 }, at: Date.now() };
    expect((await store.app.inject({ method: 'POST', url: '/api/sandbox/analytics/collect', payload: odd })).statusCode).toBe(200);

    // Anyone can send a beacon: an address with a query, an encoded name or a long made-up path is no page.
    // (The collector takes some as plain events and refuses others outright: neither is a reading.)
    for (const path of ['/open/x?utm_source=spam', '/%3Cscript%3E', `/${'a'.repeat(120)}`, 'open/:caseName']) {
      const hit = { type: 'event', session_id: session, name: 'web_vital', path, props: { metric: 'LCP', value: 100 }, at: Date.now() };
      expect([200, 400]).toContain((await store.app.inject({ method: 'POST', url: '/api/sandbox/analytics/collect', payload: hit })).statusCode);
    }

    const day = await figures('?period=24h');
    expect(day.period).toBe('24h');
    expect(Date.parse(day.to) - Date.parse(day.from)).toBe(86_400_000);
    expect(day.pages.map((p: any) => p.page)).toEqual(['/', '/open/:caseName']);
    // 1200, 1800, 2400, 3000: the 75th percentile sits a quarter of the way from 2400 to 3000.
    expect(metricOf(day, '/open/:caseName', 'LCP')).toEqual({ metric: 'LCP', p75: 2550, count: 4 });
    expect(metricOf(day, '/open/:caseName', 'INP')).toBeUndefined();
    // 0, 0.05, 0.3: half way from 0.05 to 0.3.
    expect(metricOf(day, '/', 'CLS').p75).toBeCloseTo(0.175, 10);
    expect(metricOf(day, '/', 'TTFB')).toEqual({ metric: 'TTFB', p75: 180, count: 1 });
    expect(day.pages.find((p: any) => p.page === '/').metrics.map((m: any) => m.metric)).toEqual(['CLS', 'TTFB']);

    // A week holds the slow readings of two days ago too.
    const week = await figures('?period=7d');
    expect(metricOf(week, '/open/:caseName', 'LCP')).toEqual({ metric: 'LCP', p75: percentileCont([4000, 5000, 1200, 1800, 2400, 3000], 0.75), count: 6 });
    expect(metricOf(week, '/open/:caseName', 'LCP').p75).toBe(3750);
    expect(metricOf(week, '/open/:caseName', 'INP')).toEqual({ metric: 'INP', p75: 900, count: 1 });
    expect(Date.parse(week.kept_since)).toBeLessThan(Date.parse(day.from));

    // Eight days on, the week is empty and the month still holds them all.
    clock().advance(8 * 86_400_000);
    expect((await figures('?period=7d')).pages).toEqual([]);
    expect(metricOf(await figures('?period=30d'), '/open/:caseName', 'LCP').count).toBe(6);
  });

  it('says the figures are in the provider when ANALYTICS_URL sends the beacons elsewhere', async () => {
    const boss = await registerPlayer(provider.app);
    await runAdminCommand(provider.database.db, { command: 'role', login: boss.login, role: 'admin', operator: 'test' });
    expect(await figures('?period=30d', boss, provider)).toMatchObject({ source: 'provider', provider_url: 'https://track.example/collect', pages: [] });
  });
});
