import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort, pgFolder, removeCluster, runAsOwner, runPg, startCluster, stopCluster } from '../../../../scripts/postgres-cluster.mjs';
import { openDatabase, type Database } from '../../src/db/client.ts';

export { havePgBinaries } from '../../../../scripts/postgres-cluster.mjs';

/**
 * A PostgreSQL cluster of a test's own, in a temporary folder on a free port: a primary that
 * streams to standbys and archives its WAL, or a standby made from one. The read-replica and
 * restore-drill tests need what the machine's own server does not allow (replication, archiving).
 */
export interface PgCluster {
  /** The temporary folder: `data` inside it, and the primary's `backups/wal` archive. */
  readonly folder: string;
  readonly dataDir: string;
  readonly port: number;
  url(database?: string): string;
  /** One statement on a connection of its own (so it works while the store's pools are busy or gone). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], database?: string): Promise<T[]>;
  start(): Promise<void>;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it if it runs and removes its folder. */
  remove(): Promise<void>;
}

/** Until `check` holds, asked every 25 ms: a condition, never a fixed wait. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function cluster(folder: string, port: number, settings: Record<string, string>): PgCluster {
  const dataDir = path.join(folder, 'data');
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    folder,
    dataDir,
    port,
    url,
    async query<T>(text: string, params: unknown[] = [], database = 'postgres') {
      const client = new pg.Client({ connectionString: url(database) });
      client.on('error', () => undefined);
      await client.connect();
      try {
        return (await client.query(text, params)).rows as T[];
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    start: () => startCluster(dataDir, port, { settings, logFile: path.join(folder, 'postgres.log') }),
    stop: (mode = 'fast') => stopCluster(dataDir, mode),
    remove: () => removeCluster(dataDir, folder),
  };
}

/**
 * A new primary: replication from 127.0.0.1 allowed, `wal_level=replica`, and with `archive` every
 * finished WAL file copied to `<folder>/backups/wal` (the layout scripts/pg-restore-drill.mjs reads,
 * base backups going to `<folder>/backups/base`).
 */
export async function startPrimary(opts: { archive?: boolean } = {}): Promise<PgCluster & { backups: string }> {
  const folder = await pgFolder('store-primary-');
  const backups = path.join(folder, 'backups');
  const port = await freePort();
  const dataDir = path.join(folder, 'data');
  await runPg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // The standby's pg_basebackup and its stream connect over TCP from the loopback.
  appendFileSync(path.join(dataDir, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
  const settings: Record<string, string> = { wal_level: 'replica', max_wal_senders: '5', fsync: 'off' };
  if (opts.archive) {
    await runAsOwner('mkdir', ['-p', path.join(backups, 'wal'), path.join(backups, 'base')]);
    settings.archive_mode = 'on';
    settings.archive_command = `test ! -f ${backups}/wal/%f && cp %p ${backups}/wal/%f`;
  } else {
    mkdirSync(backups, { recursive: true });
  }
  const primary = { ...cluster(folder, port, settings), backups };
  await primary.start();
  return primary;
}

/** A streaming standby of `primary`, made with `pg_basebackup -R` and started on a port of its own. */
export async function startStandby(primary: PgCluster): Promise<PgCluster> {
  const folder = await pgFolder('store-standby-');
  const port = await freePort();
  await runPg('pg_basebackup', [
    '-D',
    path.join(folder, 'data'),
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '--no-sync',
  ]);
  // A standby archives nothing of its own (archive_mode=on acts only on a primary; off says so plainly).
  const standby = cluster(folder, port, { archive_mode: 'off', fsync: 'off', hot_standby: 'on' });
  await standby.start();
  return standby;
}

/** Waits until `standby` has replayed everything `primary` had written when this was called. */
export async function waitForReplay(primary: PgCluster, standby: PgCluster): Promise<void> {
  const lsn = (await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'))[0]!.lsn;
  await until(
    async () =>
      (await standby.query<{ done: boolean }>('select coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) as done', [lsn]))[0]!.done,
    `the standby replayed to ${lsn}`,
  );
}

/**
 * Ends the primary's current WAL file and waits until the archive holds it: everything committed
 * before this call is then in `backups/wal`. A message record is written first, so there is
 * always a file to end.
 */
export async function archiveNow(primary: PgCluster): Promise<void> {
  await primary.query(`select pg_logical_emit_message(false, 'store-test', 'archive now')`);
  const wal = (await primary.query<{ wal: string }>('select pg_walfile_name(pg_switch_wal()) as wal'))[0]!.wal;
  await until(
    async () =>
      (await primary.query<{ done: boolean }>('select coalesce(last_archived_wal >= $1, false) as done from pg_stat_archiver', [wal]))[0]!
        .done,
    `the archive holds ${wal}`,
  );
}

/** A base backup of `primary` into `backups/base/<UTC time>` (tar, its WAL beside it), as docs/operations.md takes one, uncompressed (the drill unpacks either). */
export async function takeBaseBackup(primary: PgCluster & { backups: string }): Promise<string> {
  const name = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const dir = path.join(primary.backups, 'base', name);
  await runPg('pg_basebackup', [
    '-D',
    dir,
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-Ft',
    '-X',
    'stream',
    '-c',
    'fast',
    '--no-sync',
  ]);
  return dir;
}

/**
 * The store's database on a cluster of a test's own, migrated (the store seeds it as it starts),
 * for `createTestStore`'s `database` option: `replica` names the standby its reads go to.
 */
export function storeDatabaseOn(primary: PgCluster, opts: { replica?: PgCluster; maxLagSeconds?: number } = {}) {
  return async (): Promise<{ database: Database; url: string; drop(): Promise<void> }> => {
    await primary.query('create database store');
    const url = primary.url('store');
    const database = await openDatabase({
      databaseUrl: url,
      replicaUrl: opts.replica?.url('store'),
      replicaMaxLagSeconds: opts.maxLagSeconds,
      poolSize: 10,
    });
    return { database, url, drop: async () => undefined };
  };
}
