/**
 * `npm run cluster`: two store processes behind nginx (Debian's package, running
 * deploy/nginx.conf) on a fresh PostgreSQL database reached through PgBouncer in transaction mode
 * (CLUSTER_POOLER=off goes direct) and Redis, under the mixed workload of `load.ts` for
 * CLUSTER_SECONDS (20); half-way one process dies by SIGKILL. Prints what the players got and checks what the store kept: every
 * wallet equal to its ledger, every acknowledged opening present, every watched battle seen whole.
 * Exits 1 when a check fails. `several-processes.cluster.test.ts` is the same run, asserted.
 * Also exports `benchMixed`, the part of `npm run bench` that compares one process with three.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildServer } from '../../../../scripts/build-server.mjs';
import { openDatabase } from '../../src/db/client.ts';
import { stopServer } from '../../test/helpers/server-process.ts';
import { ledgerMismatches } from '../../test/helpers/factories.ts';
import { fmt, pct, withDatabase } from '../common.ts';
import { clusterEnv, startCluster, type Cluster } from './cluster.ts';
import { mixedLoad, type LoadPlayer, type LoadReport } from './load.ts';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

async function withCluster<T>(count: number, databaseUrl: string, fn: (c: Cluster) => Promise<T>, pooler = false): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-cluster-'));
  const cluster = await startCluster({
    count,
    dir,
    pooler,
    env: clusterEnv({ DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: `cluster-${randomBytes(4).toString('hex')}:`, PAYMENT_SANDBOX_SECRET: randomBytes(24).toString('hex') }),
  });
  try {
    return await fn(cluster);
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function players(cluster: Cluster, count: number): Promise<LoadPlayer[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const res = await fetch(`${cluster.nginx.url}/api/v1/auth/registration/quick`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      const d = ((await res.json()) as { data: { access_token: string; user_id: number; login: string } }).data;
      await cluster.grant(d.login, 5000);
      return { token: d.access_token, userId: d.user_id };
    }),
  );
}

const answered = (r: LoadReport) => Object.values(r.latencies).reduce((n, l) => n + l.length, 0);
const latencyLine = (r: LoadReport) =>
  Object.entries(r.latencies)
    .map(([kind, l]) => {
      const s = [...l].sort((a, b) => a - b);
      return `${kind} p50 ${fmt(pct(s, 50), 1)} p99 ${fmt(pct(s, 99), 1)} ms (${s.length})`;
    })
    .join(' · ');

/** The mixed workload for `seconds` against `url`; answered requests per second. */
async function timedLoad(url: string, who: LoadPlayer[], seconds: number) {
  let running = true;
  const load = await mixedLoad({ url, players: who, running: () => running, battlesPerPlayer: 2, watchers: 2 });
  const started = Date.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  running = false;
  await load.done;
  return { load, perSecond: answered(load) / ((Date.now() - started) / 1000) };
}

/** `npm run bench`'s part: the same mixed workload on one process, then on three behind nginx. */
export async function benchMixed(seconds: number, clients: number): Promise<{ one: number; three: number }> {
  const one = await withDatabase('store_bench_mixed_1', (url) =>
    withCluster(1, url, async (c) => (await timedLoad(c.processes[0]!.url, await players(c, clients), seconds)).perSecond),
  );
  const three = await withDatabase('store_bench_mixed_3', (url) =>
    withCluster(3, url, async (c) => (await timedLoad(c.nginx.url, await players(c, clients), seconds)).perSecond),
  );
  return { one, three };
}

async function main() {
  const seconds = Number(process.env.CLUSTER_SECONDS ?? 20);
  const clients = Number(process.env.CLUSTER_CLIENTS ?? 24);
  await buildServer();
  const pooler = process.env.CLUSTER_POOLER !== 'off';
  const ok = await withDatabase('store_cluster', (url) =>
    withCluster(2, url, async (cluster) => {
      console.log(
        `cluster: 2 processes behind nginx at ${cluster.nginx.url}${pooler ? ', through PgBouncer in transaction mode' : ''}, ${clients} players for ${seconds} s, one process killed half-way`,
      );
      const who = await players(cluster, clients);
      let running = true;
      const load = await mixedLoad({ url: cluster.nginx.url, players: who, running: () => running, battlesPerPlayer: 3, watchers: 2 });
      const started = Date.now();
      await new Promise((r) => setTimeout(r, (seconds * 1000) / 2));
      const victim = cluster.processes[1]!;
      load.markKill();
      await stopServer(victim, 'SIGKILL');
      console.log(`killed process ${victim.child.pid} (port ${victim.port}) after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      await new Promise((r) => setTimeout(r, (seconds * 1000) / 2));
      running = false;
      await load.done;
      const elapsed = (Date.now() - started) / 1000;
      console.log(`${load.requests} requests, ${fmt(answered(load) / elapsed)} answered/s; ${load.answeredAfterKill} answered after the kill`);
      console.log(latencyLine(load));
      console.log(
        `acknowledged: ${load.acknowledged.opens.length} openings, ${load.acknowledged.sold.length} sales, ${load.acknowledged.upgrades.length} upgrades, ${load.acknowledged.contracts.length / 3} contracts, ${load.acknowledged.battles.length} battles; ${load.refused} refused by the rules; cut off in flight: ${load.cutOffWrites} writes, ${load.cutOffReads} reads`,
      );
      const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
      try {
        const mismatches = await ledgerMismatches(database.db);
        const acked = load.acknowledged.opens;
        const present = acked.length
          ? Number(((await database.db.execute(sql`select count(*) as n from case_opens where id in (${sql.raw(acked.join(','))})`)) as unknown as { rows: { n: number }[] }).rows[0]!.n)
          : 0;
        const whole = load.spectators.filter((s) => s.finished && [...s.rounds].sort((a, b) => a - b).join() === Array.from({ length: s.totalRounds }, (_, i) => i + 1).join());
        const reconnects = load.spectators.reduce((n, s) => n + s.reconnects, 0);
        console.log(`wallets off their ledger: ${mismatches.length}; acknowledged openings kept: ${present}/${acked.length}`);
        console.log(`spectators: ${whole.length}/${load.spectators.length} saw every round of their battle; ${reconnects} reconnects`);
        console.log(`server errors (5xx): ${load.failures.length}${load.failures.length ? `\n  ${load.failures.slice(0, 5).join('\n  ')}` : ''}`);
        return mismatches.length === 0 && present === acked.length && whole.length === load.spectators.length && load.failures.length === 0 && load.answeredAfterKill > 0;
      } finally {
        await database.close();
      }
    }, pooler),
  );
  console.log(ok ? 'cluster: every check held' : 'cluster: A CHECK FAILED');
  process.exit(ok ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
