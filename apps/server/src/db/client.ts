import path from 'node:path';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';
import { PgliteThread } from './pglite-thread.ts';
import { applySqlFunctions } from './sql-functions.ts';
import { ReplicaPool, type ReplicaReads } from './replica.ts';
import { serverRoot } from '../platform/paths.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services take either the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  /**
   * Where the reads that tolerate staleness go (decision 084): the read replica at
   * DATABASE_REPLICA_URL, falling back to the primary while it cannot answer; `db` itself when no
   * replica is set, and on PGlite. Never for writes, nor for a read a player acts on at once.
   */
  replica: Db;
  /** The replica's state for the metrics and the log; none without a replica. */
  replicaReads?: ReplicaReads;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database's consistent backup to a file (db/backup.ts); a server database has base backups and WAL archiving (decision 084). */
  backup?(file: string): Promise<{ bytes: number }>;
  /** A server database's connection pool, read by the metrics (pg.Pool's own counts); PGlite has one connection. */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  /**
   * Runs `work` while no other process of the store runs its own: processes started together on
   * one server database (compose, a cluster) migrate and seed one after the other, the later
   * ones finding the work done. PGlite belongs to one process, so there it just runs.
   */
  startupExclusive<T>(work: () => Promise<T>): Promise<T>;
}

/** The advisory lock key of the start-up work; any fixed number no other code of the store takes. */
const STARTUP_LOCK = 7_240_511;

async function underAdvisoryLock<T>(connectionString: string, work: () => Promise<T>): Promise<T> {
  // A transaction lock held by an open transaction on a connection of its own, outside the pool:
  // the work uses the pool, which may hold a single connection (a small worker). A pooler in
  // transaction mode (PgBouncer) keeps one server connection for a transaction from BEGIN to its
  // end, so the lock means the same through it, where a session lock would stay behind on a
  // server connection that the pooler hands to someone else. A process killed while holding it
  // loses this connection, and its transaction's end frees the lock.
  const holder = new pg.Client({ connectionString });
  holder.on('error', () => undefined);
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
    const result = await work();
    await holder.query('commit');
    return result;
  } finally {
    await holder.end().catch(() => undefined);
  }
}

/**
 * The migrations `openDatabase` applies; readiness compares the database with them. The live SQL
 * functions are not in them but in sql/, applied after them (sql-functions.ts).
 */
export const migrationsFolder = path.join(serverRoot, 'drizzle');

// bigint and numeric come back as strings from node-postgres; counts and sums we read are
// well inside 2^53, and every money column is declared mode 'number'.
pg.types.setTypeParser(20, (v) => Number(v));

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** A streaming replica of `databaseUrl`'s database for `Database.replica`; ignored on PGlite. */
  replicaUrl?: string;
  /** The replica's replay lag (seconds) past which its reads go to the primary; 0 never. */
  replicaMaxLagSeconds?: number;
  /**
   * Whether opening brings the database up to this code: the migrations, then the SQL functions
   * (the default). `false` opens it as it is: a restored backup that `npm run admin -- check` judges.
   */
  prepare?: boolean;
  /** PGlite data folder; 'memory://' for a throw-away database. */
  dataDir?: string;
  poolSize?: number;
  /** A PGlite data folder dump to load into memory (tests start from a migrated, seeded copy). */
  pgliteDump?: string;
  /** An already created PGlite instance on this thread (the tests' setup dumps it afterwards). */
  pglite?: PGlite;
  /** Told when PGlite's thread dies while in use: every later query would fail. */
  onDatabaseLost?: (err: Error) => void;
}

/**
 * PGlite's buffer pool lives in the server's own memory. PostgreSQL's default of 128 MB is sized
 * for a separate server; 16 MB holds the store's hot rows (wallets, seeds, catalogue, the tails of
 * the growing tables) and keeps the process small, since WebAssembly memory never shrinks. Pages
 * beyond it come from the operating system's file cache. Against 32 MB the bench showed the same
 * opens per second and p99 with about 50 MB less RSS.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    // An idle connection that the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const startupExclusive = <T>(work: () => Promise<T>) => underAdvisoryLock(opts.databaseUrl!, work);
    if (opts.prepare !== false) {
      await startupExclusive(async () => {
        await migratePg(db as never, { migrationsFolder });
        await applySqlFunctions(db);
      });
    }
    // The replica is not asked anything at start: one that is down must not keep the store from starting.
    const replicaPool = opts.replicaUrl ? ReplicaPool.open(opts.replicaUrl, pool, { poolSize: opts.poolSize ?? 20, maxLagSeconds: opts.replicaMaxLagSeconds ?? 30 }) : null;
    const replica = replicaPool ? (drizzlePg(replicaPool as unknown as pg.Pool, { schema }) as unknown as Db) : db;
    const close = async () => {
      await replicaPool?.end();
      await pool.end();
    };
    return { db, replica, ...(replicaPool ? { replicaReads: replicaPool } : {}), kind: 'postgres', close, pool, startupExclusive };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!opts.pglite && !dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client =
    opts.pglite ??
    (await PgliteThread.start(
      {
        dataDir: dir,
        dumpFile: opts.pgliteDump,
        startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      },
      opts.onDatabaseLost,
    ));
  // Drizzle's PGlite driver calls query() and transaction(), which the thread's handle provides.
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  if (opts.prepare !== false) {
    await migratePglite(db as never, { migrationsFolder });
    await applySqlFunctions(db);
  }
  const backup = (file: string) => (client instanceof PgliteThread ? client.dump(file) : dumpOnThisThread(client, file));
  // One process holds the embedded database: there is no replica, and its reads are the primary's.
  return { db, replica: db, kind: 'pglite', close: () => client.close(), backup, startupExclusive: (work) => work() };
}

/** The backup of a PGlite the caller runs on this thread (the tests' setup). */
async function dumpOnThisThread(client: PGlite, file: string): Promise<{ bytes: number }> {
  const bytes = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  writeFileSync(`${file}.part`, bytes);
  renameSync(`${file}.part`, file);
  return { bytes: bytes.length };
}
