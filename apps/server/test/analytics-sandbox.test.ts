import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerSubject } from '@store/shared/analytics';
import { api, registerPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

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
