import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { countRows, ledgerMismatches } from './helpers/factories.ts';
import { processTestPlace } from './helpers/test-app.ts';
import { cliEntry, http, startServer, stopServer, type RunningServer } from './helpers/server-process.ts';

const exec = promisify(execFile);

/**
 * The store as separate processes: the operator command against a running server, and a
 * server killed in the middle of a burst of opens. On PostgreSQL the server uses a fresh copy
 * of the test database; on PGlite, its own data folder.
 */
let place: Awaited<ReturnType<typeof processTestPlace>>;
let env: Record<string, string>;

beforeAll(async () => {
  place = await processTestPlace('store-proc-', { REDIS_URL: process.env.REDIS_URL ?? '' });
  env = place.env;
});
afterAll(() => place.cleanup());

const cli = (args: string[]) =>
  exec(process.execPath, ['--import', 'tsx', cliEntry, ...args], { env: { ...process.env, ...env, LOG_LEVEL: 'silent' } }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );


describe('operator command and restarts', () => {
  let server: RunningServer;
  let token: string;
  let login: string;

  it('credits a wallet through the running store, and refuses bad input with exit status 1', async () => {
    server = await startServer(env);
    const reg = await http(server.url, 'POST', '/api/v1/auth/registration/quick', { body: {} });
    ({ access_token: token, login } = reg.body.data);

    const ok = await cli(['grant', '--login', login, '--amount', '1000']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ login, granted: 1000, balance: 1000 });
    const me = await http(server.url, 'GET', '/api/v1/users/me', { token });
    expect(me.body.data.finance.balance).toBe(1000);

    const badLogin = await cli(['grant', '--login', 'nobody-at-all', '--amount', '5']);
    expect(badLogin.code).toBe(1);
    expect(badLogin.stderr).toMatch(/no player with login "nobody-at-all"/);
    for (const amount of ['-5', 'lots', '0']) {
      const bad = await cli(['grant', '--login', login, '--amount', amount]);
      expect(bad.code, amount).toBe(1);
      expect(bad.stderr).toMatch(/amount/);
    }
    expect((await cli(['make-admin', '--login', login])).code).toBe(0);
    expect((await http(server.url, 'GET', '/api/v1/users/me', { token })).body.data.admin).toBe(true);
    const report = await cli(['cases']);
    expect(report.code).toBe(0);
    expect(report.stdout).toMatch(/rtp_percent/);
  });

  it('refuses a second server on the same PGlite data folder', async () => {
    if (env.DATABASE_URL) return expect(env.DATABASE_URL).toBeTruthy();
    await expect(startServer(env)).rejects.toThrow(/in use by the store running as pid/);
  });

  it('loses and invents nothing when killed in the middle of opening cases', async () => {
    const sections = await http(server.url, 'GET', '/api/v2/case/sections/with-cases');
    const c = sections.body.data
      .flatMap((s: any) => s.cases)
      .filter((x: any) => x.available && !x.multifix_number && !x.multicast_data && !x.every_n_opens_free && x.statistic_data.opens_limit === null)
      .sort((a: any, b: any) => a.price_data.price - b.price_data.price)[0];
    const requests = Array.from({ length: 60 }, () =>
      http(server.url, 'POST', `/api/v1/cases/${c.slug}/open`, { token, body: { multi_open: 1 } }).catch(() => null),
    );
    await new Promise((r) => setTimeout(r, 150));
    await stopServer(server, 'SIGKILL');
    await Promise.all(requests);

    server = await startServer(env);
    const me = await http(server.url, 'GET', '/api/v1/users/me', { token });
    expect(me.status).toBe(200);
    await stopServer(server);

    const database = await place.openDirect();
    try {
      const db = database.db;
      expect(await ledgerMismatches(db)).toEqual([]);
      const opens = await countRows(db, sql`select count(*) as n from case_opens`);
      const items = await countRows(db, sql`select count(*) as n from inventory_items`);
      const spent = await countRows(db, sql`select coalesce(-sum(delta), 0) as n from ledger where reason = 'case_open'`);
      const charged = await countRows(db, sql`select coalesce(sum(price), 0) as n from case_opens`);
      expect(items).toBe(opens);
      expect(spent).toBe(charged);
      expect(me.body.data.finance.balance * 100).toBeCloseTo(100_000 - charged, 0);
      expect(me.body.data.statistic.cases.opened).toBe(opens);
    } finally {
      await database.close();
    }
  });
});
