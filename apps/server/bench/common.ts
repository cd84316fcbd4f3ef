/** What the parts of `npm run bench` share: requests, players, percentiles, the server's memory. */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import type { RunningServer } from '../test/helpers/server-process.ts';

export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

export const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');

export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number {
  // /proc/<pid>/stat: the fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// The load generator shares the 2 cores with the server, so it uses node:http with kept-alive
// sockets rather than fetch, which spends several times the CPU per request. Callers bound
// their own concurrency, so the agent keeps one socket per request in flight.
const agent = new http.Agent({ keepAlive: true });

export function request(base: string, method: 'GET' | 'POST', url: string, body?: unknown, token?: string): Promise<any> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      base + url,
      {
        method,
        agent,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const post = (base: string, url: string, body: unknown, token?: string) => request(base, 'POST', url, body, token);

/** Runs an operator command on the running server, through its loopback door. */
export async function adminCommand(server: RunningServer, dataDir: string, command: Record<string, unknown>) {
  const info = JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8'));
  const res = await fetch(`${server.url}/internal/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': info.adminToken },
    body: JSON.stringify(command),
  });
  if (!res.ok) throw new Error(`operator command ${JSON.stringify(command)} answered ${res.status}: ${await res.text()}`);
}

export const adminGrant = (server: RunningServer, dataDir: string, login: string, amount: number) =>
  adminCommand(server, dataDir, { command: 'grant', login, amount, operator: 'bench' });

/** `count` new players, each granted `amount`; their access tokens. One at a time: registration is argon2. */
export async function registerPlayers(server: RunningServer, dataDir: string, count: number, amount: number): Promise<string[]> {
  const players = [];
  for (let i = 0; i < count; i++) {
    const reg = await post(server.url, '/api/v1/auth/registration/quick', {});
    await adminGrant(server, dataDir, reg.data.login, amount);
    players.push(reg.data.access_token as string);
  }
  return players;
}

/** Runs `fn` over `items` with at most `limit` calls in flight, so the load generator does not swamp the server. */
export async function inPool<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export interface LoadSlice {
  latencies: number[];
  errors: number;
  seconds: number;
}

/** Each player posts `url` with `body` as fast as it can for `seconds`; every answer's time and the refusals. */
export async function hammer(server: RunningServer, players: readonly string[], url: string, body: unknown, seconds: number): Promise<LoadSlice> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    players.map(async (token) => {
      while (Date.now() < end) {
        const t0 = performance.now();
        const res = await post(server.url, url, body, token).catch(() => null);
        latencies.push(performance.now() - t0);
        if (!res?.status) errors++;
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

/** Requests a second (answered ones), p50 and p99 over slices. */
export function summarise(slices: readonly LoadSlice[]) {
  const latencies = slices.flatMap((x) => x.latencies).sort((a, b) => a - b);
  const errors = slices.reduce((n, x) => n + x.errors, 0);
  const seconds = slices.reduce((n, x) => n + x.seconds, 0);
  return { perSec: (latencies.length - errors) / seconds, p50: pct(latencies, 50), p99: pct(latencies, 99), errors };
}

// A store on the database's machine talks to it over the Unix socket, as a deployment there
// would; the bench's pgbench uses the same socket, so the ratio compares like with like.
export const LOCAL_SOCKET = '/var/run/postgresql';
export const PG_URL =
  process.env.DATABASE_URL ||
  (existsSync(`${LOCAL_SOCKET}/.s.PGSQL.5432`) ? `postgres://postgres@localhost/postgres?host=${LOCAL_SOCKET}` : 'postgres://postgres@127.0.0.1:5432/postgres');

/** A new database `name` on the bench's PostgreSQL for `fn`, dropped after it. */
export async function withDatabase<T>(name: string, fn: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  try {
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    return await fn(u.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
