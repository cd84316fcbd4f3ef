/**
 * `npm run bench`: the store's speed on this machine, each figure beside a baseline measured in
 * the same run. It prints figures and targets; it asserts nothing (numbers move with the machine).
 *
 * Parts, each on a fresh server process (PGlite on a new data folder, then a new PostgreSQL
 * database): case opens (BENCH_CLIENTS players for BENCH_SECONDS, after BENCH_WARMUP_SECONDS of the
 * same load that are not recorded; then BENCH_SECONDS more with the leaderboard scoring paused, and
 * BENCH_SECONDS more with every background job paused: the cost of the scores and of the
 * experience accrual) with the main page's render,
 * pgbench's TPC-B, battles (bench/battles.ts: 200 battles of 10 rounds at once, a websocket
 * client per seat and a spectator each, at the server's own round pace), and leaderboard reads on a
 * board of 100 000 players (bench/tops.ts), and the seasonal event's cost on the opening path
 * (bench/events.ts: event cases against ordinary ones, the battle-pass task consumer running or paused),
 * and 1 000 withdrawals through the sandbox marketplace at real sellers' pace, on PostgreSQL
 * (bench/withdrawals.ts: the store's share of each against the marketplace's own), and a price run over
 * the market's full list (bench/prices.ts: every skin's price changed, beside the list alone and a
 * run that changed nothing), on PGlite and PostgreSQL.
 * The mixed workload of bench/cluster (browse, open, sell, upgrade, contract, battles with
 * spectators) runs on one process and then on three behind nginx, with the ratio.
 * BENCH_ONLY picks some, comma-separated: `pg` or `lite` (one database), `opens`, `battles`,
 * `tops`, `events`, `withdrawals`, `prices` or `mixed` (one part); e.g. `BENCH_ONLY=battles` or `BENCH_ONLY=pg,battles`.
 * SERVER_NODE_ARGS=--cpu-prof profiles the server.
 */
import { randomBytes } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { startServer, stopServer, type RunningServer } from '../test/helpers/server-process.ts';
import { buildServer } from '../../../scripts/build-server.mjs';
import { benchBattles, type BattleBenchResult } from './battles.ts';
import { benchTops, type TopsBenchResult } from './tops.ts';
import { adminCommand, fmt, hammer, pct, PG_URL, registerPlayers, rssMb, summarise, withDatabase, type LoadSlice } from './common.ts';
import { benchEvents, type EventsBenchResult } from './events.ts';
import { benchWithdrawals, type WithdrawalsBenchResult } from './withdrawals.ts';
import { benchPrices, type PricesBenchResult } from './prices.ts';
import { benchMixed } from './cluster/run.ts';
import { NGINX } from './cluster/nginx.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const RUN_LITE = !ONLY.has('pg') || ONLY.has('lite');
const RUN_PG = !ONLY.has('lite') || ONLY.has('pg');
const PARTS = ['opens', 'battles', 'tops', 'events', 'withdrawals', 'prices', 'mixed'].filter((p) => ONLY.has(p));
const RUN_OPENS = !PARTS.length || ONLY.has('opens');
const RUN_BATTLES = !PARTS.length || ONLY.has('battles');
const RUN_TOPS = !PARTS.length || ONLY.has('tops');
const RUN_EVENTS = !PARTS.length || ONLY.has('events');
const RUN_WITHDRAWALS = !PARTS.length || ONLY.has('withdrawals');
const RUN_PRICES = !PARTS.length || ONLY.has('prices');
// The mixed workload on one process and on three behind nginx (bench/cluster): PostgreSQL, Redis and nginx.
const RUN_MIXED = (!PARTS.length || ONLY.has('mixed')) && existsSync(NGINX);
interface LoadResult {
  opensPerSec: number;
  p50: number;
  p99: number;
  /** p99 of the warm-up's opens, shown beside the steady figure. */
  warmupP99: number;
  errors: number;
  rssMb: number;
  /** Experience a bench player had been credited by the end of the measured opens. */
  credited: number;
  /** A bench player's place on the weekly board by then (null: never scored). */
  scoredPosition: number | null;
  /** A bench player's progress on the opening mission (counted by the missions reader), with every job running. */
  missionProgress: number | null;
}

/**
 * CLIENTS players open the cheapest case as fast as they can, in four states of one warm process:
 * every background job running (the experience, leaderboard and missions consumers reading every
 * opening from the activity stream), the leaderboard scoring paused, the mission progress paused,
 * and every job paused (operator command). The states take turns in slices of SLICE_SECONDS, each round in a rotated order, for
 * SECONDS in each state in all, with a pause after each slice in which every reader catches up: a
 * machine whose speed drifts during the run (a neighbour, the database growing) weighs on the three
 * alike, and no slice pays for another's backlog, so each ratio is what one reader costs the
 * opening path (decisions 015 and 016).
 */
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 5);
const CATCH_UP_MS = 2_000;
/** Every job running, one reader of the activity stream paused, or every job paused. */
type JobsState = 'all' | 'noExperience' | 'noScoring' | 'noMissions' | 'none';
/** The reader each state pauses, by its name in the runner (the operator's `jobs pause --consumer`). */
const PAUSED_READER: Partial<Record<JobsState, string>> = { noExperience: 'experience', noScoring: 'leaderboards', noMissions: 'missions' };
async function loadOpens(server: RunningServer, dataDir: string): Promise<OpensResult> {
  const sections = await (await fetch(`${server.url}/api/v2/case/sections/with-cases`)).json();
  const c = (sections as any).data
    .flatMap((s: any) => s.cases)
    .filter((x: any) => x.available && x.price_data.currency === 'GOLD' && !x.multifix_number && !x.multicast_data && !x.every_n_opens_free && x.statistic_data.opens_limit === null)
    .sort((a: any, b: any) => a.price_data.price - b.price_data.price)[0];
  const players = await registerPlayers(server, dataDir, CLIENTS, 1_000_000);

  const load = (seconds: number) => hammer(server, players, `/api/v1/cases/${c.slug}/open`, { multi_open: 1 }, seconds);
  const summary = (slices: LoadSlice[]) => {
    const { perSec, ...rest } = summarise(slices);
    return { opensPerSec: perSec, ...rest };
  };
  const jobs = async (state: JobsState) => {
    await adminCommand(server, dataDir, { command: 'jobs', action: state === 'none' ? 'pause' : 'resume' });
    for (const reader of Object.values(PAUSED_READER)) {
      await adminCommand(server, dataDir, { command: 'jobs', action: state === 'none' || PAUSED_READER[state] === reader ? 'pause' : 'resume', consumer: reader });
    }
  };
  // Memory is watched from the first open on, warm-up included.
  let rss = 0;
  const sampler = setInterval(() => (rss = Math.max(rss, rssMb(server.child.pid!))), 250);
  // Warm-up under the same load, not recorded: the first seconds of a fresh process are its
  // compilers' (JavaScript, and PGlite's WebAssembly tiering up to optimised code), not the
  // store's steady pace.
  const warm = await load(WARMUP_SECONDS);
  const slices: Record<JobsState, LoadSlice[]> = { all: [], noExperience: [], noScoring: [], noMissions: [], none: [] };
  const order: JobsState[] = ['all', 'noExperience', 'noScoring', 'noMissions', 'none'];
  const rounds = Math.max(1, Math.round(SECONDS / SLICE_SECONDS));
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < order.length; i++) {
      const state = order[(i + r) % order.length]!;
      await jobs(state);
      slices[state].push(await load(SECONDS / rounds));
      // Every reader catches up on what its pause held back, without load, so no slice pays for
      // another's backlog.
      await jobs('all');
      await new Promise((res) => setTimeout(res, CATCH_UP_MS));
    }
  }
  // The accrual and the scoring really ran: a bench player's experience and place, read back
  // with every job running.
  await jobs('all');
  const me = await (await fetch(`${server.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${players[0]}` } })).json();
  const credited = Number((me as any).data?.levels?.current_exp ?? 0);
  let scoredPosition: number | null = null;
  for (let i = 0; i < 50 && scoredPosition === null; i++) {
    const cards = await (await fetch(`${server.url}/api/v2/top/active`, { headers: { authorization: `Bearer ${players[0]}` } })).json();
    scoredPosition = ((cards as any).data?.find((b: any) => b.order === 1)?.my_position as number | null) ?? null;
    if (scoredPosition === null) await new Promise((res) => setTimeout(res, 100));
  }
  const missions = await (await fetch(`${server.url}/api/v1/users/missions/fast`, { headers: { authorization: `Bearer ${players[0]}` } })).json();
  const missionProgress = ((missions as any).data?.missions?.find((m: any) => m.type === 'open_cases')?.progress as number | undefined) ?? null;
  // Left paused: the backlog they would now catch up on must not weigh on the page figures next.
  await jobs('none');
  clearInterval(sampler);
  const common = { warmupP99: pct(warm.latencies.sort((a, b) => a - b), 99), rssMb: rss };
  return {
    load: { ...summary(slices.all), ...common, credited, scoredPosition, missionProgress },
    withoutExperience: { ...summary(slices.noExperience), ...common, credited: 0, scoredPosition, missionProgress },
    withoutScoring: { ...summary(slices.noScoring), ...common, credited, scoredPosition: null, missionProgress },
    withoutMissions: { ...summary(slices.noMissions), ...common, credited, scoredPosition, missionProgress: null },
    withoutJobs: { ...summary(slices.none), ...common, credited: 0, scoredPosition: null, missionProgress: null },
  };
}

interface OpensResult {
  load: LoadResult;
  withoutExperience: LoadResult;
  withoutScoring: LoadResult;
  withoutMissions: LoadResult;
  withoutJobs: LoadResult;
}

/** `count` guest renders of the main page, one after the other, fetched as a browser would (compressed). */
async function renderTimes(server: RunningServer, count: number): Promise<{ times: number[]; html: string }> {
  const times: number[] = [];
  let html = '';
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/`);
    html = await res.text();
    times.push(performance.now() - t0);
  }
  return { times: times.sort((a, b) => a - b), html };
}

/** Rows of the activity stream the background readers have not handled yet, from /metrics. */
async function readersBehind(server: RunningServer): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  let rows = 0;
  for (const m of text.matchAll(/^store_activity_consumer_behind_rows\{[^}]*\} (\d+(?:\.\d+)?)$/gm)) rows += Number(m[1]);
  return rows;
}

/**
 * The main page's render, measured twice. First right after the opens, as before: the background
 * readers are then still handling the rows 64 players wrote at full speed, and the render shares
 * the process with them (shown, not a target). Then once they have caught up, after 20 unrecorded
 * renders (as the opens have their warm-up): the render's own cost, which the target is about.
 */
async function renderAndBundle(server: RunningServer) {
  const busy = await renderTimes(server, 120);
  const until = Date.now() + 60_000;
  let behind = await readersBehind(server);
  while (behind > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    behind = await readersBehind(server);
  }
  await renderTimes(server, 20);
  const { times, html } = await renderTimes(server, 120);
  const scripts = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)) scripts.add(m[1]!);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)|from\s*"([^"]+\.js)"/g)) scripts.add((m[1] ?? m[2])!);
  let gz = 0;
  for (const src of scripts) {
    const buf = Buffer.from(await (await fetch(new URL(src, server.url))).arrayBuffer());
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return {
    renderP50: pct(times, 50),
    renderP99: pct(times, 99),
    busyRenderP50: pct(busy.times, 50),
    busyRenderP99: pct(busy.times, 99),
    readersBehind: behind,
    jsKb: gz / 1024,
    scripts: scripts.size,
  };
}

/** pgbench's TPC-B on the same server, same clients and time: transactions per second and p99. */
function pgbench(dbName: string): { tps: number; p99: number } {
  const base = new URL(PG_URL);
  const args = ['-h', base.searchParams.get('host') ?? base.hostname, '-p', base.port || '5432', '-U', base.username || 'postgres'];
  execFileSync('pgbench', [...args, '-i', '-q', '-s', '10', dbName], { stdio: 'ignore' });
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'store-pgbench-'));
  try {
    const run = ['-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), '-b', 'tpcb-like', '--log', `--log-prefix=${path.join(logDir, 'tx')}`];
    const out = spawnSync('pgbench', [...args, ...run, dbName], { encoding: 'utf8' });
    const m = /tps = ([\d.]+)/.exec(out.stdout);
    // Each log line is: client, transaction, latency in microseconds, ...
    const latencies = readdirSync(logDir)
      .flatMap((f) => readFileSync(path.join(logDir, f), 'utf8').split('\n'))
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .filter((ms) => Number.isFinite(ms))
      .sort((a, b) => a - b);
    return { tps: m ? Number(m[1]) : NaN, p99: pct(latencies, 99) };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}

/** The bench's servers expose /metrics to this token only, as a production store does to its scraper. */
const METRICS_TOKEN = randomBytes(24).toString('hex');

/** A fresh server process on its own data folder (and `databaseUrl`, or PGlite when empty). */
async function withServer<T>(databaseUrl: string, fn: (server: RunningServer, dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    // One opening at a time per player is held for its roulette (fastOpen); the bench opens back to back.
    REVEAL_TIME_SCALE: '0',
    AUTH_RATE_LIMIT: '100000',
    // The battles' thousand sockets (a player's several seats among them) all come from this machine.
    WS_MAX_PER_ADDRESS: '100000',
    WS_MAX_PER_SESSION: '100000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    METRICS_TOKEN,
    // Players are funded by the operator command, but the payments port is wired as in production:
    // on a server database the sandbox runs only when named, with a secret of its own.
    ...(databaseUrl ? { SANDBOX: 'payments,notifications,vendor,signin,push', PAYMENT_SANDBOX_SECRET: randomBytes(24).toString('hex') } : {}),
  });
  try {
    return await fn(server, dataDir);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const NO_WEB = { renderP50: NaN, renderP99: NaN, busyRenderP50: NaN, busyRenderP99: NaN, readersBehind: NaN, jsKb: NaN, scripts: 0 };
const NO_LOAD: LoadResult = { opensPerSec: NaN, p50: NaN, p99: NaN, warmupP99: NaN, errors: 0, rssMb: NaN, credited: NaN, scoredPosition: null, missionProgress: null };
const NO_OPENS = { load: NO_LOAD, withoutExperience: NO_LOAD, withoutScoring: NO_LOAD, withoutMissions: NO_LOAD, withoutJobs: NO_LOAD, web: NO_WEB };

async function benchOpens(databaseUrl: string) {
  return withServer(databaseUrl, async (server, dataDir) => {
    const { load, withoutExperience, withoutScoring, withoutMissions, withoutJobs } = await loadOpens(server, dataDir);
    const web = await renderAndBundle(server).catch((err) => {
      console.warn(`web figures not measured: ${(err as Error).message}`);
      return NO_WEB;
    });
    return { load, withoutExperience, withoutScoring, withoutMissions, withoutJobs, web };
  });
}

const loadLine = (name: string, l: LoadResult) =>
  `${name.padEnd(10)} opens/s ${fmt(l.opensPerSec)}  p50 ${fmt(l.p50, 1)} ms  p99 ${fmt(l.p99, 1)} ms (warm-up p99 ${fmt(l.warmupP99, 1)} ms)  errors ${l.errors}  RSS ${fmt(l.rssMb)} MB`;

function opensLines(name: string, r: OpensResult) {
  console.log(loadLine(name, r.load) + `  (every job: a bench player had ${fmt(r.load.credited)} XP and place ${r.load.scoredPosition ?? '—'} on the weekly board)`);
  console.log(loadLine('', r.withoutExperience) + '  (the same process, experience accrual paused)');
  console.log(loadLine('', r.withoutScoring) + '  (the same process, leaderboard scoring paused)');
  console.log(loadLine('', r.withoutMissions) + `  (the same process, mission progress paused; with it a bench player's opening mission was at ${r.load.missionProgress ?? '—'}/3)`);
  console.log(loadLine('', r.withoutJobs) + '  (the same process, every background job paused)');
}

function topsLine(name: string, t: TopsBenchResult | null) {
  if (!t) return;
  console.log(
    `${name.padEnd(10)} ranking reads on ${t.players} players: p50 ${fmt(t.rankingP50, 1)} ms  p99 ${fmt(t.rankingP99, 1)} ms; cards p99 ${fmt(t.activeP99, 1)} ms; ` +
      `${t.reads} reads, errors ${t.errors}; a reader's own place ${t.readerPosition ?? '—'}`,
  );
}

/** The price run's figures: every skin changed, beside the list alone and a run that changed nothing. */
function pricesLine(db: string, r: PricesBenchResult | null) {
  if (!r) return;
  console.log(
    `price run on ${db}: ${fmt(r.changed)} of ${fmt(r.skins)} skins changed from a list of ${fmt(r.listEntries)} in ${fmt(r.batches)} batches: ${fmt(r.changedMs)} ms, ${fmt(r.rowsPerSec)} rows/s; ` +
      `baselines: the list alone ${fmt(r.parseMs)} ms, a run that changed nothing ${fmt(r.unchangedMs)} ms`,
  );
}

function withdrawalsLine(w: WithdrawalsBenchResult | null) {
  if (!w) return;
  console.log(
    `PostgreSQL withdrawals ${w.withdrawals} within ${w.spreadSeconds} s: request → accepted p50 ${fmt(w.total.p50, 1)} s, p99 ${fmt(w.total.p99, 1)} s, max ${fmt(w.total.max, 1)} s; ` +
      `the marketplace's own p50 ${fmt(w.market.p50, 1)} s, p99 ${fmt(w.market.p99, 1)} s; the store's share p50 ${fmt(w.store.p50, 2)} s, p99 ${fmt(w.store.p99, 2)} s ` +
      `(placing p99 ${fmt(w.placing.p99, 2)} s, noticing p99 ${fmt(w.noticing.p99, 2)} s); ` +
      `senditem p99 ${fmt(w.requestP99)} ms; ${w.accepted} accepted, ${w.stuck} stuck, ${w.doubled} bought twice`,
  );
}

function eventsLines(name: string, e: EventsBenchResult | null) {
  if (!e) return;
  const line = (label: string, x: EventsBenchResult['plain'], note: string) =>
    console.log(`${label.padEnd(10)} opens of 2 boxes/s ${fmt(x.perSec)}  p50 ${fmt(x.p50, 1)} ms  p99 ${fmt(x.p99, 1)} ms  errors ${x.errors}  (${note})`);
  line(name, e.plain, 'an ordinary case, every job running');
  line('', e.eventCase, `the event case: coins rolled and credited; a bench player has ${fmt(e.coins)} coins`);
  line('', e.plainNoTasks, `an ordinary case, the task consumer paused; first task ${e.firstTask ? `${e.firstTask.current}/${e.firstTask.end}` : 'not read'}`);
}

const mark = (ok: boolean) => (ok ? 'ok  ' : 'MISS');

function battleLine(name: string, b: BattleBenchResult | null) {
  if (!b) return;
  console.log(
    `${name.padEnd(10)} battles ${b.battles}×${b.rounds} rounds of ${fmt(b.roundMs)} ms, ${b.clients} clients: events ${b.received}/${b.expected}, lost ${b.lost}, ` +
      `duplicates ${b.duplicates}, out of order ${b.outOfOrder}; lateness p50 ${fmt(b.p50)} ms  p99 ${fmt(b.p99)} ms  max ${fmt(b.max)} ms  RSS ${fmt(b.rssMb)} MB`,
  );
  console.log(
    `${''.padEnd(10)} joins ${fmt(b.joinS, 1)} s, starts spread over ${fmt(b.startSpreadS, 1)} s, all done in ${fmt(b.wallS, 1)} s${b.timedOut ? ' (TIMED OUT)' : ''}; ` +
      `${b.finished}/${b.battles} finished; errors ${b.errors}; server CPU ${fmt(b.serverCpu)}% of a core; bench loop delay p99 ${fmt(b.clientLagP99, 1)} ms; load average ${fmt(b.loadAvg, 1)}`,
  );
  console.log(`${''.padEnd(10)} lateness p99 by round (ms): ${b.p99ByRound.map((x) => fmt(x)).join(' · ')}`);
}

async function main() {
  // The server runs as `npm start` runs it: the bundle, built from the current sources.
  await buildServer();
  console.log(`bench: ${CLIENTS} clients, ${SECONDS} s per load after ${WARMUP_SECONDS} s of warm-up, ${os.cpus().length} cores, node ${process.version}, PostgreSQL at ${PG_URL}\n`);
  const lite = RUN_LITE && RUN_OPENS ? await benchOpens('') : NO_OPENS;
  if (RUN_LITE && RUN_OPENS) opensLines('PGlite', lite);
  const liteBattles = RUN_LITE && RUN_BATTLES ? await withServer('', benchBattles) : null;
  battleLine('PGlite', liteBattles);
  const pgRes = RUN_PG && RUN_OPENS ? await withDatabase('store_bench', (url) => benchOpens(url)) : NO_OPENS;
  if (RUN_PG && RUN_OPENS) opensLines('PostgreSQL', pgRes);
  const pgBattles = RUN_PG && RUN_BATTLES ? await withDatabase('store_bench_battles', (url) => withServer(url, benchBattles)) : null;
  battleLine('PostgreSQL', pgBattles);
  const liteTops = RUN_LITE && RUN_TOPS ? await benchTops('') : null;
  topsLine('PGlite', liteTops);
  const pgTops = RUN_PG && RUN_TOPS ? await withDatabase('store_bench_tops', (url) => benchTops(url)) : null;
  topsLine('PostgreSQL', pgTops);
  const liteEvents = RUN_LITE && RUN_EVENTS ? await withServer('', benchEvents) : null;
  eventsLines('PGlite', liteEvents);
  const pgEvents = RUN_PG && RUN_EVENTS ? await withDatabase('store_bench_events', (url) => withServer(url, benchEvents)) : null;
  eventsLines('PostgreSQL', pgEvents);
  const pgWithdrawals = RUN_PG && RUN_WITHDRAWALS ? await withDatabase('store_bench_withdrawals', (url) => withServer(url, (server, dir) => benchWithdrawals(server, dir, url))) : null;
  withdrawalsLine(pgWithdrawals);
  const litePrices = RUN_LITE && RUN_PRICES ? await benchPrices('') : null;
  pricesLine('PGlite', litePrices);
  const pgPrices = RUN_PG && RUN_PRICES ? await withDatabase('store_bench_prices', (url) => benchPrices(url)) : null;
  pricesLine('PostgreSQL', pgPrices);
  const mixed = RUN_PG && RUN_MIXED ? await benchMixed(SECONDS, CLIENTS) : null;
  if (mixed) {
    console.log(
      `mixed workload (browse, open, sell, upgrade, contract, battles with spectators), ${CLIENTS} players: one process ${fmt(mixed.one)} answered/s; three behind nginx ${fmt(mixed.three)} answered/s; ratio ${fmt(mixed.three / mixed.one, 2)}`,
    );
  } else if (RUN_PG && !existsSync(NGINX)) console.log(`mixed workload: not run, no nginx at ${NGINX}`);
  const tpcb = RUN_PG && RUN_OPENS ? await withDatabase('store_pgbench', async () => pgbench('store_pgbench')) : { tps: NaN, p99: NaN };
  const tps = tpcb.tps;
  const ratio = pgRes.load.opensPerSec / tps;
  if (RUN_PG && RUN_OPENS) {
    console.log(`pgbench TPC-B on the same PostgreSQL: ${fmt(tps)} tps, p99 ${fmt(tpcb.p99, 1)} ms; opens/TPC-B ratio ${fmt(ratio, 2)}`);
    console.log(
      `main page server render p50 ${fmt(pgRes.web.renderP50, 1)} ms (p99 ${fmt(pgRes.web.renderP99, 1)} ms) once the readers had caught up (${fmt(pgRes.web.readersBehind)} rows behind); ` +
        `right after the opens, while they caught up, p50 ${fmt(pgRes.web.busyRenderP50, 1)} ms (p99 ${fmt(pgRes.web.busyRenderP99, 1)} ms); initial JS ${fmt(pgRes.web.jsKb, 1)} KB gzip in ${pgRes.web.scripts} files`,
    );
  }
  console.log();

  const nan = NaN;
  type Row = [string, boolean, string, number];
  /** What one reader costs the opening path: the share of opens/s lost with it running. */
  const cost = (withIt: LoadResult, without: LoadResult) => 1 - withIt.opensPerSec / without.opensPerSec;
  const costRow = (what: string, db: string, c: number, ran: boolean, max: number): Row => [
    `${what} costs ≤ ${max} % of opens/s (${db})`,
    // Only a cost whose reader really ran counts.
    c <= max / 100 && ran,
    `${fmt(c * 100, 1)} %${ran ? '' : ' (the reader did not run)'}`,
    c,
  ];
  const rows: Row[] = [
    ['opens/s ≥ 0.8 × TPC-B tps (PostgreSQL, every job running)', ratio >= 0.8, `${fmt(ratio, 2)} (${fmt(pgRes.load.opensPerSec)} opens/s, ${fmt(tps)} tps)`, ratio],
  ];
  for (const [db, r] of [
    ['PostgreSQL', pgRes],
    ['PGlite', lite],
  ] as const) {
    rows.push(
      costRow('experience accrual', db, cost(r.load, r.withoutExperience), r.load.credited > 0, 5),
      costRow('leaderboard scoring', db, cost(r.load, r.withoutScoring), r.load.scoredPosition !== null, 5),
      costRow('mission progress', db, cost(r.load, r.withoutMissions), (r.load.missionProgress ?? 0) > 0, 5),
      costRow('every reader together', db, cost(r.load, r.withoutJobs), r.load.credited > 0, 10),
    );
  }
  rows.push(
    ...(
      [
        ['PostgreSQL', pgTops],
        ['PGlite', liteTops],
      ] as const
    ).map(([name, t]): Row => [
      `ranking read p99 ≤ 20 ms, ${t?.players ?? 'n/a'} players (${name})`,
      (t?.rankingP99 ?? NaN) <= 20 && t?.errors === 0,
      `${fmt(t?.rankingP99 ?? NaN, 1)} ms`,
      t?.rankingP99 ?? NaN,
    ]),
    ['p99 of an opening ≤ 50 ms at ' + CLIENTS + ' clients (PostgreSQL)', pgRes.load.p99 <= 50, `${fmt(pgRes.load.p99, 1)} ms`, pgRes.load.p99],
    ['p99 of an opening ≤ 2 × TPC-B p99 (PostgreSQL)', pgRes.load.p99 <= 2 * tpcb.p99, `${fmt(pgRes.load.p99, 1)} ms against ${fmt(tpcb.p99, 1)} ms`, pgRes.load.p99 / tpcb.p99],
    ['p99 of an opening ≤ 50 ms at ' + CLIENTS + ' clients (PGlite)', lite.load.p99 <= 50, `${fmt(lite.load.p99, 1)} ms`, lite.load.p99],
    ['RSS under the opens ≤ 400 MB (PostgreSQL)', pgRes.load.rssMb <= 400, `${fmt(pgRes.load.rssMb)} MB`, pgRes.load.rssMb],
    ['RSS under the opens ≤ 350 MB (PGlite in the process)', lite.load.rssMb <= 350, `${fmt(lite.load.rssMb)} MB`, lite.load.rssMb],
    ['main page server render p50 ≤ 20 ms', pgRes.web.renderP50 <= 20, `${fmt(pgRes.web.renderP50, 1)} ms`, pgRes.web.renderP50],
    ['main page server render p99 ≤ 60 ms', pgRes.web.renderP99 <= 60, `${fmt(pgRes.web.renderP99, 1)} ms`, pgRes.web.renderP99],
    ['initial JS ≤ 180 KB gzip', pgRes.web.jsKb <= 180, `${fmt(pgRes.web.jsKb, 1)} KB`, pgRes.web.jsKb],
  );
  for (const [name, e] of [
    ['PostgreSQL', pgEvents],
    ['PGlite', liteEvents],
  ] as const) {
    const ran = (e?.coins ?? 0) > 0 && e !== null && e.firstTask !== null && e.firstTask.current >= e.firstTask.end;
    const tasksRatio = e ? e.plain.perSec / e.plainNoTasks.perSec : nan;
    const eventRatio = e ? e.eventCase.perSec / e.plain.perSec : nan;
    rows.push(
      costRow('the event task consumer', name, 1 - tasksRatio, ran, 5),
      [`event case opens/s ≥ 85 % of an ordinary case's (${name})`, eventRatio >= 0.85 && ran, `${fmt(eventRatio * 100)} %`, eventRatio],
    );
  }
  for (const [name, b] of [
    ['PostgreSQL', pgBattles],
    ['PGlite', liteBattles],
  ] as const) {
    rows.push(
      [`battle round p99 lateness ≤ 100 ms (${name})`, (b?.p99 ?? nan) <= 100, `${fmt(b?.p99 ?? nan)} ms (max ${fmt(b?.max ?? nan)} ms)`, b?.p99 ?? nan],
      [`battle events lost = 0 (${name})`, b?.lost === 0 && b.duplicates === 0, `${b?.lost ?? 'n/a'} lost, ${b?.duplicates ?? 'n/a'} duplicates of ${b?.expected ?? 'n/a'}`, b?.lost ?? nan],
      [`battle RSS ≤ ${name === 'PGlite' ? 350 : 400} MB (${name})`, (b?.rssMb ?? nan) <= (name === 'PGlite' ? 350 : 400), `${fmt(b?.rssMb ?? nan)} MB`, b?.rssMb ?? nan],
    );
  }
  if (pgWithdrawals) {
    const w = pgWithdrawals;
    rows.push(
      [`withdrawal request → accepted p99 ≤ 60 s, ${w.withdrawals} in ${w.spreadSeconds} s`, w.total.p99 <= 60 && w.stuck === 0, `${fmt(w.total.p99, 1)} s (the marketplace's own p99 ${fmt(w.market.p99, 1)} s)`, w.total.p99],
      [`withdrawal: the store's own share p99 ≤ 2 s`, w.store.p99 <= 2, `${fmt(w.store.p99, 2)} s (max ${fmt(w.store.max, 2)} s)`, w.store.p99],
      [`withdrawals stuck or bought twice = 0`, w.stuck === 0 && w.doubled === 0, `${w.stuck} stuck, ${w.doubled} bought twice of ${w.withdrawals}`, w.stuck + w.doubled],
    );
  }
  // A part not run is left out.
  for (const [name, ok, value, measured] of rows) if (Number.isFinite(measured)) console.log(`${mark(ok)} ${name.padEnd(50)} ${value}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
