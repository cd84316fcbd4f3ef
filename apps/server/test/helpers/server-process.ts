import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startEnv, startFlags } from '../../../../scripts/start-flags.mjs';

// The bundle `npm start` runs (scripts/build-server.mjs); the tests' global setup builds it.
const serverEntry = path.resolve(import.meta.dirname, '../../dist/server.mjs');
export const cliEntry = path.resolve(import.meta.dirname, '../../src/admin/cli.ts');

export interface RunningServer {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
}

/** Starts the real server as its own process on a data folder and waits until it serves. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  // SERVER_NODE_ARGS adds node flags, such as --cpu-prof for profiling.
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // Like the in-process stores, outcomes are not held for their animations (REVEAL_TIME_SCALE=0),
  // so a player's openings may follow each other at once (fastOpen holds only while one is revealed).
  const child = spawn(process.execPath, [...startFlags(), ...nodeArgs, serverEntry], {
    env: { ...process.env, ...startEnv(), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', PRICE_SYNC_MS: '0', REVEAL_TIME_SCALE: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const file = path.join(env.DATA_DIR!, 'server.json');
  try {
    return await waitUntilServing(child, file, () => out);
  } catch (err) {
    // A server that did not come up must not outlive the test that started it.
    if (child.exitCode === null) child.kill('SIGKILL');
    throw err;
  }
}

async function waitUntilServing(child: ChildProcess, file: string, output: () => string): Promise<RunningServer> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${output()}`);
    // A server.json left by an earlier server on this folder is not ours: wait for our pid.
    const info = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { pid: number; port: number }) : null;
    if (info && info.pid === child.pid) return { child, port: info.port, url: `http://127.0.0.1:${info.port}`, output };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${output()}`);
}

export function stopServer(s: RunningServer, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    // Already gone (exited, or killed by a signal): its 'exit' has fired and will not again.
    if (s.child.exitCode !== null || s.child.signalCode !== null) return resolve(s.child.exitCode);
    s.child.once('exit', (code) => resolve(code));
    s.child.kill(signal);
  });
}

export async function http(base: string, method: string, url: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/**
 * Runs a test helper script (`helpers/<name>`) in its own process with `args`, waits until it
 * prints "halfway", and kills it there with SIGKILL, the way a crashed server dies. Fails if the
 * process ends before it gets half-way.
 */
export async function killAtHalfway(script: string, args: readonly string[], what: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('halfway') && resolve());
    child.once('exit', () => reject(new Error(`${what} ended before it was half done`)));
  });
  child.kill('SIGKILL');
  await exited;
}

/** Credits a player through the running server's operator door, as `npm run admin -- grant` does. */
export async function grantThroughServer(server: RunningServer, dataDir: string, login: string, amount: number): Promise<Response> {
  const { adminToken } = JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8'));
  return fetch(`${server.url}/internal/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': adminToken },
    body: JSON.stringify({ command: 'grant', login, amount, operator: 'test' }),
  });
}
