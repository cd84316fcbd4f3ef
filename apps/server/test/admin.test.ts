import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { countRows, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * The operator command's way into a running store (/internal/admin): loopback only, and only
 * with the token the server wrote into its data folder at start. The store here trusts a proxy
 * range, so a forwarded address is believed for everything else and must not open this door.
 */
let store: TestStore;
let operated: FastifyInstance;
const adminToken = randomBytes(24).toString('hex');

beforeAll(async () => {
  store = await createTestStore();
  operated = await buildApp({ env: { ...store.env, TRUST_PROXY: ['10.0.0.0/8'] }, database: store.database, adminToken });
  await operated.ready();
});
afterAll(async () => {
  await operated.close();
  await store.close();
});
const db = () => store.database.db;

const grant = (app: FastifyInstance, p: Player, opts: { token?: string; remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app
    .inject({
      method: 'POST',
      url: '/internal/admin',
      remoteAddress: opts.remoteAddress ?? '127.0.0.1',
      headers: { 'content-type': 'application/json', ...(opts.token !== undefined ? { 'x-admin-token': opts.token } : {}), ...opts.headers },
      payload: JSON.stringify({ command: 'grant', login: p.login, amount: 10, operator: 'test' }),
    })
    .then((res) => ({ status: res.statusCode, body: res.json() }));

/** The player's GOLD and ledger rows: what a wrongly accepted grant would change. */
const holdings = async (p: Player) => ({
  gold: await countRows(db(), sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`),
  ledger: await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId}`),
});

describe('/internal/admin', () => {
  it('runs the command for the server token from loopback, IPv4 or IPv6, naming the operator in the ledger', async () => {
    const p = await registerPlayer(store.app);
    const v4 = await grant(operated, p, { token: adminToken });
    expect(v4).toEqual({ status: 200, body: { status: true, data: { user_id: p.userId, login: p.login, granted: 10, balance: 10 } } });
    const v6 = await grant(operated, p, { token: adminToken, remoteAddress: '::1' });
    expect([v6.status, v6.body.data.balance]).toEqual([200, 20]);
    const rows = ((await db().execute(sql`select reason, ref, delta from ledger where user_id = ${p.userId} order by id`)) as any).rows;
    expect(rows.map((r: any) => [r.reason, r.ref, Number(r.delta)])).toEqual([
      ['operator_grant', 'operator:test', 1000],
      ['operator_grant', 'operator:test', 1000],
    ]);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('refuses a call without the token, with a wrong one, and from any other address, granting nothing', async () => {
    const p = await registerPlayer(store.app);
    const before = await holdings(p);
    const flipped = `${adminToken.slice(0, -1)}${adminToken.endsWith('0') ? '1' : '0'}`;
    const attempts: [string, Parameters<typeof grant>[2]][] = [
      ['no token', {}],
      ['an empty token', { token: '' }],
      ['a token one character off', { token: flipped }],
      ['the token with more after it', { token: `${adminToken}x` }],
      ['the start of the token', { token: adminToken.slice(0, 8) }],
      ['the token from the network', { token: adminToken, remoteAddress: '203.0.113.5' }],
      ['the token from a trusted proxy', { token: adminToken, remoteAddress: '10.0.0.7' }],
      ['the token from a mapped IPv4 address', { token: adminToken, remoteAddress: '::ffff:10.0.0.7' }],
      // The proxy is trusted, so the store believes the forwarded loopback address; this door does not.
      ['a forwarded loopback address', { token: adminToken, remoteAddress: '10.0.0.7', headers: { 'x-forwarded-for': '127.0.0.1' } }],
    ];
    for (const [what, opts] of attempts) {
      const res = await grant(operated, p, opts);
      expect([res.status, res.body.status, res.body.code], what).toEqual([403, false, 'forbidden']);
    }
    expect(await holdings(p)).toEqual(before);
  });

  it('refuses everything on a store started without an admin token', async () => {
    const p = await registerPlayer(store.app);
    const before = await holdings(p);
    for (const token of [undefined, '', 'null', adminToken]) {
      const res = await grant(store.app, p, { token });
      expect([res.status, res.body.code], String(token)).toEqual([403, 'forbidden']);
    }
    expect(await holdings(p)).toEqual(before);
  });
});
