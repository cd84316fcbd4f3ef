/**
 * The battle part of `npm run bench` (BENCH_BATTLES battles of BENCH_BATTLE_ROUNDS rounds at
 * once, a websocket client per seat and a spectator per battle): how late each round's
 * `statechange` reaches each client, and whether any is lost.
 *
 * Players are few (registration is argon2) and sit in many battles each. Every client subscribes
 * to its battle's channel before the battle fills; the joins then fill every battle's second and
 * third seats, then every last seat, so the battles start as close together as the server
 * allows. A client reads only the round number and `due_at` of what arrives (the load generator
 * shares the cores with the server), and lateness is its arrival time minus `due_at`.
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { RunningServer } from '../test/helpers/server-process.ts';
import { cpuSeconds, inPool, pct, post, registerPlayers, request, rssMb } from './common.ts';

const BATTLES = Number(process.env.BENCH_BATTLES ?? 200);
const ROUNDS = Number(process.env.BENCH_BATTLE_ROUNDS ?? 10);
const PLAYERS = Number(process.env.BENCH_BATTLE_PLAYERS ?? 64);
/** HTTP calls in flight at once while setting up and joining. */
const CONCURRENCY = Number(process.env.BENCH_BATTLE_CONCURRENCY ?? 16);
const MODES = ['1v1v1v1', '2v2'] as const;
const SEATS = 4;

export interface BattleBenchResult {
  battles: number;
  rounds: number;
  roundMs: number;
  clients: number;
  expected: number;
  received: number;
  lost: number;
  duplicates: number;
  outOfOrder: number;
  /** Lateness of the events that arrived, ms. */
  p50: number;
  p99: number;
  max: number;
  /** p99 lateness of each round number, round 1 first. */
  p99ByRound: number[];
  /** Battles the server reported finished (by an event or, for a battle no client heard end, by a read). */
  finished: number;
  errors: number;
  /** Seconds: all joins; first to last battle start; first join to the last event. */
  joinS: number;
  startSpreadS: number;
  wallS: number;
  rssMb: number;
  /** Server CPU over the run, percent of one core. */
  serverCpu: number;
  /** The load generator's own event-loop delay p99, ms: lateness it adds to what it measures. */
  clientLagP99: number;
  /** The machine's 1-minute load average at the end: other work on the cores shows here. */
  loadAvg: number;
  timedOut: boolean;
}

interface Client {
  battle: number;
  ws: WebSocket;
  /** Arrivals of each round number (index 1..ROUNDS). */
  counts: Uint8Array;
  last: number;
}

const ROUND_RE = /"round":\{"round":(\d+)/;
const DUE_RE = /"due_at":(\d+)/;
const STATE_MARK = '"event":"statechange"';
const SUBSCRIBED_MARK = '"op":"subscribed"';

export async function benchBattles(server: RunningServer, dataDir: string): Promise<BattleBenchResult> {
  const wsUrl = `${server.url.replace('http', 'ws')}/ws`;
  let errors = 0;
  const failed = (what: string) => (err: unknown) => {
    if (errors++ < 5) console.warn(`battles bench: ${what} failed: ${err instanceof Error ? err.message : JSON.stringify(err)}`);
    return null;
  };
  const okOr = (what: string) => (res: any) => (res?.status ? res : failed(what)(res));

  const cases = await request(server.url, 'GET', '/api/battles/cases');
  const cheapest = cases.data.sections.flatMap((s: any) => s.cases).sort((a: any, b: any) => a.price_data.price - b.price_data.price)[0];
  const seatsEach = Math.ceil((BATTLES * SEATS) / PLAYERS);
  const players = await registerPlayers(server, dataDir, PLAYERS, Math.ceil(seatsEach * ROUNDS * cheapest.price_data.price * 2) + 1000);
  const playerOf = (battle: number, seat: number) => players[(battle * SEATS + seat - 1) % PLAYERS]!;

  const created = await inPool(
    Array.from({ length: BATTLES }, (_, i) => i),
    CONCURRENCY,
    (b) =>
      post(
        server.url,
        '/api/battles/battles',
        { mode: MODES[b % MODES.length], cases: [{ slug: cheapest.slug, count: ROUNDS }] },
        playerOf(b, 1),
      )
        .then(okOr('create'))
        .catch(failed('create')),
  );
  const ulids = created.map((r) => r?.data?.battle_ulid as string | undefined);
  if (ulids.some((u) => !u)) throw new Error('battles bench: some battles could not be created');

  // What every client measures, in one place: a client only counts and appends.
  const lateness: number[] = [];
  const latenessByRound: number[][] = Array.from({ length: ROUNDS + 1 }, () => []);
  let duplicates = 0;
  let outOfOrder = 0;
  let clientsDone = 0;
  const battleDone = new Uint8Array(BATTLES);

  const connect = (battle: number) =>
    new Promise<Client>((resolve, reject) => {
      const ws = new WebSocket(wsUrl, { perMessageDeflate: false });
      const client: Client = { battle, ws, counts: new Uint8Array(ROUNDS + 1), last: 0 };
      ws.on('message', (raw: Buffer) => {
        const now = Date.now();
        if (raw.indexOf(STATE_MARK) < 0) {
          if (raw.indexOf(SUBSCRIBED_MARK) >= 0) resolve(client);
          else if (raw.indexOf('"error"') >= 0) reject(new Error(raw.toString()));
          return;
        }
        const text = raw.toString('latin1');
        const round = Number(ROUND_RE.exec(text)?.[1]);
        const due = Number(DUE_RE.exec(text)?.[1]);
        if (!(round >= 1 && round <= ROUNDS))
          return void failed('event')(new Error(`a statechange without a known round: ${text.slice(0, 200)}`));
        if (client.counts[round]!++ > 0) return void duplicates++;
        if (round < client.last) outOfOrder++;
        client.last = Math.max(client.last, round);
        lateness.push(now - due);
        latenessByRound[round]!.push(now - due);
        if (round === ROUNDS) {
          clientsDone++;
          battleDone[battle] = 1;
        }
      });
      ws.on('error', (err) => {
        reject(err);
        failed('websocket')(err);
      });
      ws.once('open', () => ws.send(JSON.stringify({ op: 'subscribe', channel: `battle#${ulids[battle]}` })));
    });

  // SEATS clients per battle, then its spectator.
  const clients = await inPool(
    Array.from({ length: BATTLES * (SEATS + 1) }, (_, i) => i % BATTLES),
    32,
    connect,
  );
  await inPool(ulids, CONCURRENCY, (ulid) =>
    post(server.url, '/api/battles/open', { battle_ulid: ulid }).then(okOr('open')).catch(failed('open')),
  );

  let rss = 0;
  const sampler = setInterval(() => (rss = Math.max(rss, rssMb(server.child.pid!))), 250);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const cpu0 = cpuSeconds(server.child.pid!);
  const t0 = Date.now();

  // Seats 2 and 3 of every battle, then every last seat: the 200 battles start close together.
  const firstDue: number[] = [];
  let roundMs = NaN;
  const joins = [2, 3, 4].flatMap((seat) => ulids.map((ulid, b) => ({ ulid: ulid!, b, seat })));
  await inPool(joins, CONCURRENCY, async ({ ulid, b, seat }) => {
    const res = await post(server.url, '/api/battles/join', { battle_ulid: ulid }, playerOf(b, seat))
      .then(okOr('join'))
      .catch(failed('join'));
    if (seat === SEATS && res?.data?.battle?.next_round_at) {
      firstDue.push(res.data.battle.next_round_at);
      roundMs = res.data.battle.round_ms;
    }
  });
  const joinS = (Date.now() - t0) / 1000;
  firstDue.sort((a, b) => a - b);
  const startSpreadS = ((firstDue.at(-1) ?? NaN) - (firstDue[0] ?? NaN)) / 1000;

  // Wait for the last round of every client. Past the last battle's due end, a battle no client
  // heard finish is read from the server; when all are finished, stragglers get 2 s more.
  const expectedEnd = (firstDue.at(-1) ?? Date.now()) + (ROUNDS - 1) * (roundMs || 3500);
  const hardUntil = expectedEnd + 60_000;
  const readFinished = new Uint8Array(BATTLES);
  let graceUntil = Infinity;
  let lastRead = 0;
  let timedOut = false;
  while (clientsDone < clients.length) {
    const now = Date.now();
    if (now > hardUntil) {
      timedOut = true;
      break;
    }
    if (now > graceUntil) break;
    if (now > expectedEnd + 1000 && graceUntil === Infinity && now - lastRead > 2000) {
      lastRead = now;
      const unheard = ulids.map((u, b) => ({ u: u!, b })).filter(({ b }) => !battleDone[b] && !readFinished[b]);
      await inPool(unheard, 4, async ({ u, b }) => {
        const res = await request(server.url, 'GET', `/api/battles/battle?battle_ulid=${u}`).catch(() => null);
        if (res?.data?.status === 'finished') readFinished[b] = 1;
      });
      if (ulids.every((_, b) => battleDone[b] || readFinished[b])) graceUntil = Date.now() + 2000;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const wallS = (Date.now() - t0) / 1000;
  const serverCpu = ((cpuSeconds(server.child.pid!) - cpu0) / wallS) * 100;
  clearInterval(sampler);
  lag.disable();
  for (const c of clients) c.ws.terminate();

  const expected = clients.length * ROUNDS;
  const received = clients.reduce((n, c) => n + c.counts.reduce((k, x) => k + (x > 0 ? 1 : 0), 0), 0);
  const ascending = (a: number, b: number) => a - b;
  lateness.sort(ascending);
  const p99ByRound = latenessByRound.slice(1).map((l) => pct(l.sort(ascending), 99));
  return {
    battles: BATTLES,
    rounds: ROUNDS,
    roundMs,
    clients: clients.length,
    expected,
    received,
    lost: expected - received,
    duplicates,
    outOfOrder,
    p50: pct(lateness, 50),
    p99: pct(lateness, 99),
    max: lateness.at(-1) ?? NaN,
    p99ByRound,
    finished: ulids.filter((_, b) => battleDone[b] || readFinished[b]).length,
    errors,
    joinS,
    startSpreadS,
    wallS,
    rssMb: rss,
    serverCpu,
    clientLagP99: lag.percentile(99) / 1e6,
    loadAvg: os.loadavg()[0]!,
    timedOut,
  };
}
