import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { clusterEnv, startCluster, type Cluster } from '../bench/cluster/cluster.ts';
import { mixedLoad } from '../bench/cluster/load.ts';
import { countRows, ledgerMismatches } from './helpers/factories.ts';
import { SOLD_STATUS } from '../src/modules/inventory/sell-items.ts';
import { processTestPlace } from './helpers/test-app.ts';
import { stopServer } from './helpers/server-process.ts';
import { waitFor } from './helpers/ws.ts';

/**
 * Two store processes behind nginx, running deploy/nginx.conf itself, on one PostgreSQL reached
 * through PgBouncer in transaction mode and one Redis (what compose.yaml runs, with the pooler a
 * managed database puts in front), under a mixed load of players and battle spectators. In the
 * middle one process dies by SIGKILL. Nothing acknowledged is lost, nothing is invented or paid
 * twice, every spectator of a battle ends up with every round, and the load goes on through the
 * other. Needs PostgreSQL, Redis, nginx and PgBouncer (vitest.config.ts leaves it out without them).
 */
let place: Awaited<ReturnType<typeof processTestPlace>>;
let cluster: Cluster;

beforeAll(async () => {
  // A new, empty database: both processes start together through the pooler and migrate and seed it in turn.
  place = await processTestPlace('store-cluster-', { REDIS_URL: process.env.REDIS_URL! }, { emptyDatabase: true });
  cluster = await startCluster({
    count: 2,
    pooler: true,
    dir: path.join(place.dataDir, 'cluster'),
    env: clusterEnv({
      DATABASE_URL: place.env.DATABASE_URL!,
      REDIS_URL: place.env.REDIS_URL!,
      REDIS_PREFIX: `cluster-${randomBytes(4).toString('hex')}:`,
      PAYMENT_SANDBOX_SECRET: place.env.PAYMENT_SANDBOX_SECRET!,
    }),
  });
}, 180_000);
afterAll(async () => {
  await cluster?.stop();
  await place?.cleanup();
});

/** How many websocket clients a process holds, from its own metrics. */
async function socketsOf(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^store_websocket_clients (\d+)/m.exec(text)?.[1] ?? 0);
}

describe('two processes behind nginx, through PgBouncer', () => {
  it('lose and invent nothing when one is killed mid-load; spectators reconnect and miss no round', { timeout: 240_000 }, async () => {
    const url = cluster.nginx.url;
    const players = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const res = await fetch(`${url}/api/v1/auth/registration/quick`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        const d = ((await res.json()) as { data: { access_token: string; user_id: number; login: string } }).data;
        await cluster.grant(d.login, 2000);
        return { token: d.access_token, userId: d.user_id };
      }),
    );

    let running = true;
    const load = await mixedLoad({ url, players, running: () => running, battlesPerPlayer: 3, watchers: 2 });
    // Mid-load: openings acknowledged, and battles being watched on every process.
    await waitFor(() => load.acknowledged.opens.length >= 40 && load.spectators.filter((s) => !s.finished).length >= 4, 90_000);
    const sockets = await Promise.all(cluster.processes.map((p) => socketsOf(p.url)));
    const victim = cluster.processes[sockets.indexOf(Math.max(...sockets))]!;
    expect(Math.max(...sockets), 'spectators on the process to kill').toBeGreaterThan(0);
    load.markKill();
    await stopServer(victim, 'SIGKILL');
    expect(victim.child.signalCode).toBe('SIGKILL');

    // The load goes on through the other.
    await waitFor(() => load.answeredAfterKill >= 100, 90_000);
    running = false;
    await load.done;

    expect(load.failures).toEqual([]);
    const database = await place.openDirect();
    try {
      const db = database.db;
      const ids = sql.raw(players.map((p) => p.userId).join(','));
      // Money: every wallet is its ledger's sum, and nobody's balance went below zero.
      expect(await ledgerMismatches(db)).toEqual([]);
      expect(await countRows(db, sql`select count(*) as n from wallets where user_id in (${ids}) and amount < 0`)).toBe(0);
      // Nothing lost: every acknowledged opening is there, once. Nothing invented: beyond them, at
      // most the writes cut off in flight committed.
      const opens = await countRows(db, sql`select count(*) as n from case_opens where user_id in (${ids})`);
      const acked = load.acknowledged.opens;
      expect(await countRows(db, sql`select count(*) as n from case_opens where id in (${sql.raw(acked.join(','))})`)).toBe(acked.length);
      expect(opens).toBeGreaterThanOrEqual(acked.length);
      expect(opens).toBeLessThanOrEqual(acked.length + load.cutOffWrites);
      // Every item a sale was acknowledged for is sold, and paid once.
      const sold = load.acknowledged.sold;
      if (sold.length > 0) {
        expect(await countRows(db, sql`select count(*) as n from inventory_items where id in (${sql.raw(sold.join(','))}) and status = ${SOLD_STATUS}`)).toBe(sold.length);
      }
      expect(
        await countRows(db, sql`select count(*) as n from (select ref from ledger where user_id in (${ids}) and reason = 'item_sale' group by ref having count(*) > 1) d`),
      ).toBe(0);
      // No battle is left running: the process left took over the killed one's rounds.
      const unfinished = await countRows(
        db,
        sql`select count(*) as n from battles where ulid in (${sql.raw(load.acknowledged.battles.map((u) => `'${u}'`).join(','))}) and status = 'started'`,
      );
      expect(unfinished).toBe(0);
    } finally {
      await database.close();
    }

    // Each spectator learned every round of its battle, in the live feed or on catching up, and
    // those on the killed process reconnected through nginx to another.
    expect(load.spectators.length).toBeGreaterThanOrEqual(4);
    for (const s of load.spectators) {
      expect(s.finished, `battle ${s.battle} seen to its end`).toBe(true);
      expect([...s.rounds].sort((a, b) => a - b), `rounds of ${s.battle}`).toEqual(Array.from({ length: s.totalRounds }, (_, i) => i + 1));
    }
    expect(load.spectators.reduce((n, s) => n + s.reconnects, 0)).toBeGreaterThan(0);
    expect(load.answeredAfterKill).toBeGreaterThanOrEqual(100);
  });

  it('carries one request id through nginx and the store: the caller\'s, or one nginx makes', async () => {
    const url = cluster.nginx.url;
    const own = await fetch(`${url}/api/v1/config`, { headers: { 'x-request-id': 'support-ticket-4711' } });
    expect(own.status).toBe(200);
    expect(own.headers.get('x-request-id')).toBe('support-ticket-4711');
    const made = await fetch(`${url}/api/v1/config`);
    const id = made.headers.get('x-request-id');
    // nginx's $request_id: 32 hex digits, which the store took as its own.
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => cluster.nginx.accessLog().includes(`rid=${id}`) && cluster.nginx.accessLog().includes('rid=support-ticket-4711'), 10_000);
  });
});
