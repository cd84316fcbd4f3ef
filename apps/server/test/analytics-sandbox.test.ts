import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerSubject } from '@store/shared/analytics';
import { api, registerPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { parseEnv } from '../src/config/env.ts';
import { prepareDeployment, sandboxesInUse, servesAnalyticsSandbox } from '../src/config/deployment.ts';

let store: TestStore;
let unchanged: TestStore;
beforeAll(async () => {
  [store, unchanged] = await Promise.all([createTestStore(), createTestStore({ EXPERIMENT_CHANGE_MIN_SUM: 'true' })]);
});
afterAll(async () => {
  await Promise.all([store?.close(), unchanged?.close()]);
});

const sessionId = () => `s-${randomBytes(8).toString('hex')}`;
const beacon = (payload: string, contentType = 'text/plain;charset=UTF-8') =>
  store.app.inject({ method: 'POST', url: '/api/sandbox/analytics/collect', headers: { 'content-type': contentType }, payload });
const hitsOf = async (session: string) => (await api(store.app, 'GET', `/api/sandbox/analytics/hits?session_id=${session}`)).body.data.hits as { hit: Record<string, unknown> }[];
const view = (session: string, extra: Record<string, unknown> = {}) => ({
  type: 'page_view',
  session_id: session,
  path: '/cases/ak-47',
  referrer: 'Direct',
  campaign: { utm_source: 'vk' },
  at: Date.now(),
  ...extra,
});

describe('the sandbox tracking service', () => {
  it('records a page view sent as a beacon (text/plain) and an event sent as JSON, and reads them back by session', async () => {
    const s = sessionId();
    const sent = await beacon(JSON.stringify(view(s)));
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: true, data: { recorded: true } });
    const event = { type: 'event', session_id: s, name: 'withdraw_failed', path: '/profile', props: { item_name: 'AK-47 | Redline', price: 12.5, code: 'tooManyWithdrawals' }, at: Date.now() };
    expect((await beacon(JSON.stringify(event), 'application/json')).statusCode).toBe(200);
    expect((await hitsOf(s)).map((h) => h.hit)).toEqual([view(s, { at: expect.any(Number) }), event]);
    // Another session's hits are not in this one's list.
    expect(await hitsOf(sessionId())).toEqual([]);
  });

  it('refuses hostile and malformed beacons with the error envelope and records none of them', async () => {
    const s = sessionId();
    const refusals: [string, string?][] = [
      ['not json at all'],
      ['{"type":"page_view"'],
      [JSON.stringify(view(s, { path: 'https://evil.example/' }))],
      [JSON.stringify(view(s, { campaign: { utm_source: 'x', __proto__: { polluted: true }, utm_evil: 'y' } }))],
      [JSON.stringify(view(s, { admin: true }))],
      [JSON.stringify(view(s, { referrer: 'r'.repeat(2001) }))],
      [JSON.stringify({ type: 'event', session_id: s, name: 'DROP TABLE', path: '/', props: {}, at: 1 })],
      [JSON.stringify({ type: 'event', session_id: s, name: 'ok_name', path: '/', props: { deep: { a: 1 } }, at: 1 })],
      [JSON.stringify([view(s)])],
      [JSON.stringify(view(s)), 'application/xml'],
    ];
    for (const [payload, type] of refusals) {
      const res = await beacon(payload, type);
      expect(res.statusCode, payload.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload.slice(0, 80)).toBeLessThan(500);
      expect(res.json(), payload.slice(0, 80)).toMatchObject({ status: false, code: 'validation', message: expect.any(String) });
    }
    // Too big for a beacon: refused before it is parsed.
    const big = await beacon(JSON.stringify(view(s, { referrer: 'r'.repeat(20_000) })));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ status: false, code: 'validation' });
    expect(await hitsOf(s)).toEqual([]);
    // Reading back needs the session: no list of everyone's hits.
    expect((await api(store.app, 'GET', '/api/sandbox/analytics/hits')).body).toMatchObject({ status: false, code: 'validation' });
  });
});

describe('the sandbox experiments service', () => {
  it("answers change-min-sum with the configured variant ('false', the changed minimum, unless set) and the poll interval", async () => {
    const subject = playerSubject(1);
    expect((await api(store.app, 'GET', `/api/sandbox/experiments/flags?subject=${subject}`)).body.data).toEqual({ flags: { 'change-min-sum': 'false' }, poll_ms: 300_000 });
    expect((await api(unchanged.app, 'GET', `/api/sandbox/experiments/flags?subject=${subject}`)).body.data.flags).toEqual({ 'change-min-sum': 'true' });
    expect((await api(store.app, 'GET', '/api/sandbox/experiments/flags?subject=x')).body).toMatchObject({ status: false, code: 'validation' });
  });

  it('records exposures by subject and refuses a batch over the queue cap', async () => {
    const subject = `anon:${randomBytes(8).toString('hex')}`;
    const one = { subject, experiment: 'change-min-sum', variant: 'true', at: 1 };
    expect((await api(store.app, 'POST', '/api/sandbox/experiments/exposures', { body: { exposures: [one] } })).body.data).toEqual({ recorded: 1 });
    const over = await api(store.app, 'POST', '/api/sandbox/experiments/exposures', { body: { exposures: Array(513).fill(one) } });
    expect(over.body).toMatchObject({ status: false, code: 'validation' });
    const read = await api(store.app, 'GET', `/api/sandbox/experiments/exposures?subject=${subject}`);
    expect(read.body.data.exposures).toEqual([{ ...one, received_at: expect.any(String) }]);
  });

  it('names both services in the public configuration, for the web to send to', async () => {
    expect((await api(store.app, 'GET', '/api/v1/config')).body.data.services).toEqual({ analytics_url: '/api/sandbox/analytics/collect', experiments_url: '/api/sandbox/experiments' });
  });
});

describe('the payment minimum follows change-min-sum on the server too (spec §7)', () => {
  const start = (s: TestStore, token: string, amount: number) =>
    api(s.app, 'POST', '/api/v1/payments/transaction/start', { token, body: { country: 'RU', method_id: 101, amount }, lang: 'en' });

  it('takes 50 by SBP under the unchanged variant and refuses it, naming 100, where the minimum was changed', async () => {
    const [p, q] = await Promise.all([registerPlayer(unchanged.app), registerPlayer(store.app)]);
    expect((await start(unchanged, p.token, 50)).status).toBe(200);
    const low = await start(unchanged, p.token, 49);
    expect([low.status, low.body.code, low.body.params?.min]).toEqual([422, 'amount_too_low', 50]);
    const refused = await start(store, q.token, 50);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([422, 'amount_too_low', 'The minimum amount is 100']);
    expect((await start(store, q.token, 100)).status).toBe(200);
  });
});

describe('a production store on a server database without analytics providers (decision 061)', () => {
  // A server database in production; on PGlite only the setting says so, which is all that decides.
  const production = { NODE_ENV: 'production', DATABASE_URL: process.env.DATABASE_URL || 'postgres://u@db.local/shop', BACKGROUND_JOBS: 'off', EXPERIMENT_CHANGE_MIN_SUM: 'true' };
  let bare: TestStore;
  let declared: TestStore;
  beforeAll(async () => {
    [bare, declared] = await Promise.all([createTestStore(production), createTestStore({ ...production, SANDBOX: 'analytics' })]);
  });
  afterAll(async () => {
    await Promise.all([bare?.close(), declared?.close()]);
  });

  it('serves no sandbox unless SANDBOX names analytics, and tells the web there is no service', async () => {
    const s = sessionId();
    const collect = await bare.app.inject({ method: 'POST', url: '/api/sandbox/analytics/collect', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(view(s)) });
    expect(collect.statusCode).toBe(404);
    for (const url of [`/api/sandbox/analytics/hits?session_id=${s}`, `/api/sandbox/experiments/flags?subject=${playerSubject(1)}`, `/api/sandbox/experiments/exposures?subject=${playerSubject(1)}`]) {
      expect((await api(bare.app, 'GET', url)).status, url).toBe(404);
    }
    expect((await api(bare.app, 'GET', '/api/v1/config')).body.data).toMatchObject({ services: { analytics_url: null, experiments_url: null } });
    expect((await api(bare.app, 'GET', '/api/v1/config')).body.data.sandboxes).not.toContain('analytics');

    // Named in SANDBOX, the sandboxes answer as on a demo store.
    expect((await api(declared.app, 'GET', '/api/v1/config')).body.data.services).toEqual({ analytics_url: '/api/sandbox/analytics/collect', experiments_url: '/api/sandbox/experiments' });
    expect((await api(declared.app, 'GET', `/api/sandbox/experiments/flags?subject=${playerSubject(1)}`)).body.data.flags).toEqual({ 'change-min-sum': 'true' });
  });

  it('still takes deposits, at the payment tables’ current minimum (no experiment answers)', async () => {
    const [p, q] = await Promise.all([registerPlayer(bare.app), registerPlayer(declared.app)]);
    const start = (s: TestStore, token: string, amount: number) => api(s.app, 'POST', '/api/v1/payments/transaction/start', { token, body: { country: 'RU', method_id: 101, amount }, lang: 'en' });
    const refused = await start(bare, p.token, 50);
    expect([refused.status, refused.body.code, refused.body.params?.min]).toEqual([422, 'amount_too_low', 100]);
    expect((await start(bare, p.token, 100)).status).toBe(200);
    // The declared sandbox's variant holds there, as the web would show it.
    expect((await start(declared, q.token, 50)).status).toBe(200);
  });

  it('starts without refusing: analytics is optional, and the test-mode ribbon does not name it', () => {
    const env = parseEnv({ ...production, PAYMENT_PROVIDER: 'sandbox', SANDBOX: 'payments,notifications,vendor,signin,push', PAYMENT_SANDBOX_SECRET: 'x'.repeat(32) });
    expect(() => prepareDeployment(env, '/tmp')).not.toThrow();
    expect(servesAnalyticsSandbox(env)).toBe(false);
    expect(sandboxesInUse(env)).not.toContain('analytics');
    // Off production or on the embedded database the sandboxes are the demo's; with both providers, none.
    expect(servesAnalyticsSandbox(parseEnv({ ...production, DATABASE_URL: undefined }))).toBe(true);
    expect(servesAnalyticsSandbox(parseEnv({ ...production, NODE_ENV: 'development' }))).toBe(true);
    expect(servesAnalyticsSandbox(parseEnv({ ANALYTICS_URL: 'https://a.example/c', EXPERIMENTS_URL: 'https://e.example' }))).toBe(false);
  });
});
