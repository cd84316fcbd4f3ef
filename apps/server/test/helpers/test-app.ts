import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { parseEnv, type Env } from '../../src/config/env.ts';
import { openDatabase, type Database, type Db } from '../../src/db/client.ts';
import { withDatabase } from './global-setup.ts';

export interface TestStore {
  app: FastifyInstance;
  database: Database;
  env: Env;
  /** The test's own PostgreSQL database, for a second connection; none on PGlite. */
  databaseUrl?: string;
  close(): Promise<void>;
}

export const onPostgres = () => Boolean(process.env.DATABASE_URL);

/** A fresh copy of the seeded database for one test file. */
export async function freshDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `store_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    const dbUrl = withDatabase(url, name);
    const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 30 });
    return {
      database,
      url: dbUrl,
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const database = await openDatabase({ pgliteDump: inject('pgliteDump')! });
  return { database, drop: async () => undefined };
}

/** A database with nothing in it, as an operator's new one is: the store's first start migrates and seeds it. */
async function emptyDatabase(url: string): Promise<{ database?: undefined; url: string; drop(): Promise<void> }> {
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  return {
    url: withDatabase(url, name),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The whole store on a fresh database, for `app.inject()` and real sockets. Each store has its own
 * REDIS_PREFIX (tests share one Redis) and its own sandbox secret, unless `overrides` name them.
 */
export async function createTestStore(
  overrides: Partial<Record<string, string>> = {},
  opts: {
    logStream?: { write(line: string): void };
    /** Where the store's database comes from instead of a copy of the template (a cluster of the test's own, helpers/pg-cluster.ts). */
    database?: () => Promise<{ database: Database; url?: string; drop(): Promise<void> }>;
  } = {},
): Promise<TestStore> {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
    PROJECT: process.env.PROJECT ?? 'cs',
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}`,
    PAYMENT_SANDBOX_SECRET: randomBytes(24).toString('hex'),
    // Outcomes at once: the wait for an animation is tested where a test sets it (reveal.test.ts).
    REVEAL_TIME_SCALE: '0',
    // The server's drawings, whose addresses tests read; the real pictures where a test asks for them.
    IMAGE_SOURCE: 'generated',
    // Prices move only when a test runs the price job (pricing.test.ts).
    PRICE_SYNC_MS: '0',
    ...overrides,
  });
  const { database, url, drop } = await (opts.database ?? freshDatabase)();
  const app = await buildApp({ env, database, logStream: opts.logStream });
  await app.ready();
  return {
    app,
    database,
    env,
    databaseUrl: url,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * Where a test runs the real server process: its own data folder and, on PostgreSQL, a fresh
 * copy of the test database. `env` is for `startServer`; `openDirect` opens the same database
 * from the test once the server has stopped (PGlite lets one process in at a time).
 */
export async function processTestPlace(prefix: string, extra: Record<string, string> = {}, opts: { emptyDatabase?: boolean } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', ...extra };
  let drop: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const fresh = opts.emptyDatabase ? await emptyDatabase(process.env.DATABASE_URL) : await freshDatabase();
    drop = fresh.drop;
    env.DATABASE_URL = fresh.url!;
    // A server database gets no generated secrets (prepareDeployment); give the sandbox its own.
    env.PAYMENT_SANDBOX_SECRET ??= randomBytes(24).toString('hex');
    await fresh.database?.close();
  }
  return {
    dataDir,
    env,
    openDirect: () => openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 2 } : { dataDir: path.join(dataDir, 'pglite') }),
    cleanup: async () => {
      await drop?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Where a helper process (helpers/*-child.ts) works on a test store's data, to be killed there and
 * its work finished after it: on PostgreSQL the store's own database, on PGlite a data folder
 * holding a copy of the store's database as it is now (the store's is in its memory, and PGlite
 * lets one process in at a time). `target` is the child's argument, a database URL or a data
 * folder; `open` opens the same data once the child is gone. On PGlite the store's own database
 * goes on apart from the copy, so the test reads the copy.
 */
export async function childPlace(store: TestStore): Promise<{ target: string; open(): Promise<Db>; cleanup(): Promise<void> }> {
  if (store.databaseUrl) return { target: store.databaseUrl, open: async () => store.database.db, cleanup: async () => undefined };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-child-'));
  const dump = path.join(dir, 'copy.tar.gz');
  const dataDir = path.join(dir, 'pglite');
  await store.database.backup!(dump);
  // Unpacked into the folder and closed again: the child is the only process on it.
  const copy = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(dump)]) });
  await copy.close();
  let opened: Database | undefined;
  return {
    target: dataDir,
    open: async () => {
      opened ??= await openDatabase({ dataDir });
      return opened.db;
    },
    cleanup: async () => {
      await opened?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

