import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEnv, startFlags } from '../../scripts/start-flags.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_DB = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A store of its own as an operator runs it: production mode, on a database of its own on the machine's PostgreSQL. */
export interface ProductionStore {
  url: string;
  /** Its data folder (the admin command line reaches the running store through it). */
  dataDir: string;
  stop(): Promise<void>;
}

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: SERVER_DB });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: string[]) {
  const until = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the store stopped (${child.exitCode}):\n${output.join('')}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`the store did not answer:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Starts `npm start`'s entry in production mode on `port`, on a new database (made here, dropped
 * by `stop`), with `env` on top of the process's: what the operator configured. The common test
 * settings (quiet log, no Redis, drawn pictures, the public address, the price job off) come
 * first, so `env` may change them.
 */
export async function startProductionStore(name: string, port: number, env: Record<string, string>): Promise<ProductionStore> {
  const url = `http://127.0.0.1:${port}`;
  const dbName = `store_${name}_${process.pid}_${Date.now()}`;
  await onServer(`create database ${dbName}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `store-${name}-`));
  const output: string[] = [];
  const child = spawn(process.execPath, [...startFlags(), path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...startEnv(),
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: SERVER_DB.replace(/\/[^/]*$/, `/${dbName}`),
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      AUTH_RATE_LIMIT: '1000',
      IMAGE_SOURCE: 'generated',
      TEST_CLOCK: '',
      // Prices stay the catalogue's: the market's real list is not reachable from a test.
      PRICE_SYNC_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await onServer(`drop database if exists ${dbName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, dataDir, stop };
}
