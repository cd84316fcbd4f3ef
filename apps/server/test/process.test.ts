import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { expForSpend } from '@store/shared/levels';
import { consumeBatch } from '../src/modules/activity/consumer-runner.ts';
import { experienceConsumer } from '../src/modules/levels/experience-consumer.ts';
import { countRows, ledgerMismatches } from './helpers/factories.ts';
import { processTestPlace } from './helpers/test-app.ts';
import { PROJECT_FACTS } from './helpers/project-fixtures.ts';
import { cliEntry, http, startServer, stopServer, type RunningServer } from './helpers/server-process.ts';
import { eventually, waitFor } from './helpers/ws.ts';

const exec = promisify(execFile);

/**
 * The store as separate processes: the operator command against a running server, a second
 * server on the same store, and a server killed in the middle of a stream of opens. On
 * PostgreSQL the server uses a fresh copy of the test database; on PGlite, its own data folder.
 * Each test starts the server when it is not running and brings its own player.
 */
let place: Awaited<ReturnType<typeof processTestPlace>>;
let env: Record<string, string>;
let server: RunningServer | null = null;

beforeAll(async () => {
  place = await processTestPlace('store-proc-', { REDIS_URL: process.env.REDIS_URL ?? '' });
  env = place.env;
});
afterAll(async () => {
  if (server) await stopServer(server);
  await place.cleanup();
});

/** The running server of this file's data folder, started if the last test stopped or killed it. */
async function serving(): Promise<RunningServer> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) server = await startServer(env);
  return server;
}

const cli = (args: string[]) =>
  exec(process.execPath, ['--import', 'tsx', cliEntry, ...args], { env: { ...process.env, ...env, LOG_LEVEL: 'silent' } }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

/** A new player of the running store, credited by the operator route the command uses. */
async function player(s: RunningServer, gold = 0) {
  const reg = await http(s.url, 'POST', '/api/v1/auth/registration/quick', { body: {} });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const p = { token: reg.body.data.access_token as string, login: reg.body.data.login as string, userId: reg.body.data.user_id as number };
  if (gold > 0) {
    const { adminToken } = JSON.parse(readFileSync(path.join(place.dataDir, 'server.json'), 'utf8'));
    const res = await fetch(`${s.url}/internal/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': adminToken },
      body: JSON.stringify({ command: 'grant', login: p.login, amount: gold, operator: 'test' }),
    });
    expect(res.status).toBe(200);
  }
  return p;
}

describe('operator command and restarts', () => {
  it('credits a wallet through the running store, and refuses bad input with exit status 1', async () => {
    const s = await serving();
    const { token, login } = await player(s);

    const ok = await cli(['grant', '--login', login, '--amount', '1000']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ login, granted: 1000, balance: 1000 });
    const me = await http(s.url, 'GET', '/api/v1/users/me', { token });
    expect(me.body.data.finance.balance).toBe(1000);

    const badLogin = await cli(['grant', '--login', 'nobody-at-all', '--amount', '5']);
    expect(badLogin.code).toBe(1);
    expect(badLogin.stderr).toMatch(/no player with login "nobody-at-all"/);
    for (const amount of ['-5', 'lots', '0']) {
      const bad = await cli(['grant', '--login', login, '--amount', amount]);
      expect(bad.code, amount).toBe(1);
      expect(bad.stderr).toMatch(/amount/);
    }
    // The refused grants changed nothing.
    expect((await http(s.url, 'GET', '/api/v1/users/me', { token })).body.data.finance.balance).toBe(1000);
    expect((await cli(['make-admin', '--login', login])).code).toBe(0);
    expect((await http(s.url, 'GET', '/api/v1/users/me', { token })).body.data.admin).toBe(true);
    const report = await cli(['cases']);
    expect(report.code).toBe(0);
    expect(report.stdout).toMatch(/rtp_percent/);
  });

  it('grants a free opening, lists what the notification sandbox delivered, and moves no clock of a store without TEST_CLOCK', async () => {
    const s = await serving();
    const { token, login } = await player(s);
    // A budget case of 9.00 GOLD.
    const budget = PROJECT_FACTS.budgetCase.slug;
    const granted = await cli(['free-case', '--login', login, '--case', budget, '--days', '2']);
    expect(granted.code, granted.stderr).toBe(0);
    expect(JSON.parse(granted.stdout)).toMatchObject({ login, case: budget, granted: true });
    const free = await http(s.url, 'GET', '/api/v1/cases/free', { token });
    expect(free.body.data.openings.map((o: any) => [o.source, o.case.slug])).toEqual([['operator', budget]]);
    expect((await cli(['free-case', '--login', login, '--case', 'no-such-case'])).stderr).toMatch(/no case "no-such-case"/);

    const listed = await cli(['notifications', '--login', login]);
    expect(listed.code, listed.stderr).toBe(0);
    expect((await cli(['notifications', '--login', 'nobody-at-all'])).stderr).toMatch(/no player/);

    // Paused jobs leave a game's experience waiting in the stream; resumed, they credit it.
    const paused = await cli(['jobs', 'pause']);
    expect(paused.code, paused.stderr).toBe(0);
    expect(JSON.parse(paused.stdout)).toEqual({ jobs: 'paused' });
    expect((await http(s.url, 'POST', '/api/v1/cases/free/' + free.body.data.openings[0].id + '/open', { token })).status).toBe(200);
    const spender = await player(s, 100);
    expect((await http(s.url, 'POST', `/api/v1/cases/${budget}/open`, { token: spender.token, body: { multi_open: 1 } })).status).toBe(200);
    expect(JSON.parse((await cli(['jobs', 'resume'])).stdout)).toEqual({ jobs: 'running' });
    const levels = await eventually(
      async () => (await http(s.url, 'GET', '/api/v1/users/me', { token: spender.token })).body.data.levels,
      (l) => l.current_exp > 0,
    );
    expect(levels.current_exp).toBe(9);
    expect((await cli(['jobs', 'sideways'])).code).toBe(1);

    const clock = await cli(['clock', '--advance-hours', '25']);
    expect(clock.code).toBe(1);
    expect(clock.stderr).toMatch(/only on a running store started with TEST_CLOCK=1/);
    expect((await cli(['clock'])).stderr).toMatch(/advance-hours/);
  });

  it('refuses a second server on the same PGlite data folder; on PostgreSQL a second server serves the same store', async () => {
    const first = await serving();
    if (!env.DATABASE_URL) {
      await expect(startServer(env)).rejects.toThrow(new RegExp(`in use by the store running as pid ${first.child.pid}`));
      // The refused start left the running store serving.
      expect((await http(first.url, 'GET', '/api/health')).status).toBe(200);
      expect(first.child.exitCode).toBeNull();
      return;
    }
    // Several processes serve one PostgreSQL store (each with its own data folder): a player of
    // the first is known to the second, with the same wallet.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'store-proc-second-'));
    const second = await startServer({ ...env, DATA_DIR: dir });
    try {
      const p = await player(first, 25);
      const me = await http(second.url, 'GET', '/api/v1/users/me', { token: p.token });
      expect([me.status, me.body.data.user_id, me.body.data.finance.balance]).toEqual([200, p.userId, 25]);
      expect((await http(first.url, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await stopServer(second);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loses and invents nothing when killed in the middle of opening cases', async () => {
    const s = await serving();
    const sections = await http(s.url, 'GET', '/api/v2/case/sections/with-cases');
    const c = sections.body.data
      .flatMap((x: any) => x.cases)
      .filter((x: any) => x.available && !x.multifix_number && !x.multicast_data && !x.every_n_opens_free && x.statistic_data.opens_limit === null)
      .sort((a: any, b: any) => a.price_data.price - b.price_data.price)[0];
    expect([c.slug, Math.round(c.price_data.price * 100)]).toEqual([PROJECT_FACTS.cheapestPlainCase.slug, PROJECT_FACTS.cheapestPlainCase.price]);
    const price = Math.round(c.price_data.price * 100);
    // More than the 100 opens the tabs may send: 2000 GOLD pays 222 of CS's 9.00 case, 133 of Dota's 15.00.
    const gold = 2000;
    const p = await player(s, gold);
    expect(Math.floor((gold * 100) / price)).toBeGreaterThan(100);
    // The day of a level case, taken before the kill, must survive it: not reset, not skipped.
    expect((await http(s.url, 'POST', '/api/v1/cases/level-1/open', { token: p.token, body: { multi_open: 1 } })).status).toBe(200);
    const dailyBefore = (await http(s.url, 'GET', '/api/v1/cases/daily', { token: p.token })).body.data.cases[0];
    const dailyAt = Date.now();

    // Four players' tabs keep opening, one open each at a time, until the server dies under them.
    const answered: number[] = [];
    const unexpected: unknown[] = [];
    let inFlight = 0;
    let killed = false;
    const tab = async () => {
      for (let sent = 0; !killed && sent < 25; sent++) {
        inFlight++;
        const res = await http(s.url, 'POST', `/api/v1/cases/${c.slug}/open`, { token: p.token, body: { multi_open: 1 } }).catch(() => null);
        inFlight--;
        if (res?.status === 200) answered.push(res.body.data.opens[0].id);
        else if (res) unexpected.push(res.body);
      }
    };
    const tabs = Array.from({ length: 4 }, tab);
    await waitFor(() => answered.length >= 10, 30_000);
    const inFlightAtKill = inFlight;
    killed = true;
    await stopServer(s, 'SIGKILL');
    await Promise.all(tabs);
    expect(unexpected).toEqual([]);
    // The kill did land in the middle: opens were on their way when it came.
    expect(inFlightAtKill).toBeGreaterThan(0);

    const restarted = await serving();
    const me = await http(restarted.url, 'GET', '/api/v1/users/me', { token: p.token });
    expect(me.status).toBe(200);
    const dailyAfter = (await http(restarted.url, 'GET', '/api/v1/cases/daily', { token: p.token })).body.data.cases[0];
    expect(dailyAfter).toMatchObject({ slug: 'level-1', ready: false });
    expect(dailyAfter.ready_in).toBeLessThanOrEqual(dailyBefore.ready_in);
    expect(dailyAfter.ready_in).toBeGreaterThanOrEqual(dailyBefore.ready_in - Math.ceil((Date.now() - dailyAt) / 1000) - 1);
    // PGlite lets one process in: the database is read directly once the server is stopped.
    await stopServer(restarted);

    const database = await place.openDirect();
    try {
      const db = database.db;
      // The paid opens (the level case's free one is apart).
      const opens = await countRows(db, sql`select count(*) as n from case_opens where user_id = ${p.userId} and not free`);
      // Nothing lost: every open the player was answered for is there. Nothing invented: beyond
      // those, at most the ones in flight at the kill committed.
      const kept = ((await db.execute(sql`select id from case_opens where user_id = ${p.userId}`)) as any).rows.map((r: any) => Number(r.id));
      for (const id of answered) expect(kept).toContain(id);
      expect(opens).toBeGreaterThanOrEqual(answered.length);
      expect(opens).toBeLessThanOrEqual(answered.length + inFlightAtKill);
      // Each open has its item, its charge in the ledger and its own nonce; the wallet is what is left.
      expect(await countRows(db, sql`select count(*) as n from inventory_items i join case_opens o on o.inventory_item_id = i.id where o.user_id = ${p.userId} and i.user_id = ${p.userId}`)).toBe(opens + 1);
      expect(await countRows(db, sql`select count(*) as n from inventory_items where user_id = ${p.userId}`)).toBe(opens + 1);
      expect(await countRows(db, sql`select count(distinct nonce) as n from case_opens where user_id = ${p.userId}`)).toBe(opens + 1);
      expect(await countRows(db, sql`select coalesce(-sum(delta), 0) as n from ledger where user_id = ${p.userId} and reason = 'case_open'`)).toBe(opens * price);
      expect(await countRows(db, sql`select amount as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`)).toBe(gold * 100 - opens * price);
      expect(await ledgerMismatches(db)).toEqual([]);
      // What the player sees after the restart says the same.
      expect(Math.round(me.body.data.finance.balance * 100)).toBe(gold * 100 - opens * price);
      expect(me.body.data.statistic.cases.opened).toBe(opens);
      // Experience is counted once per committed open across the kill: a batch the killed process
      // was handling rolled back with its position. Catch the consumer up (the restarted store's
      // own consumer may hold it a moment), then compare.
      const earned = () => countRows(db, sql`select coalesce(max(exp), 0) as n from player_levels where user_id = ${p.userId}`);
      await eventually(
        async () => {
          while ((await consumeBatch(db, experienceConsumer)) > 0);
          return earned();
        },
        (n) => n >= opens * expForSpend(price),
      );
      expect(await earned()).toBe(opens * expForSpend(price));
    } finally {
      await database.close();
    }
  });
});
