// The restore drill of a PostgreSQL deployment (docs/operations.md, "Backups on PostgreSQL";
// decision 084): restores a copy of the store's database into a temporary folder, starts it on a
// free port, and judges it with the store's own checks (`npm run admin -- check`). It prints what
// it did and exits non-zero on any problem, so a cron job or CI can run it every month.
//
//   node scripts/pg-restore-drill.mjs --from /backups/store --database-url postgres://store@db/store [--target-time '2026-12-07 10:15:00+00']
//     the newest base backup in /backups/store/base (the one before --target-time), with the WAL
//     archived in /backups/store/wal replayed to its end (or to that moment)
//   node scripts/pg-restore-drill.mjs --database-url postgres://store@db/store
//     a base backup taken now of that database's cluster (its user needs the REPLICATION right)
//
// --keep leaves the restored copy running and prints how to reach and remove it. PG_BIN names the
// folder of PostgreSQL's binaries (of the server's major version). Run as root, the copy is made
// and started as the `postgres` user, which must be able to read the backups.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, havePgBinaries, pgBin, pgFolder, removeCluster, runAsOwner, runPg, startCluster } from './postgres-cluster.mjs';

const root = path.resolve(import.meta.dirname, '..');

class DrillFailed extends Error {}

const started = Date.now();
/** One line of what the drill did, with the seconds since it began. */
const say = (line) => console.log(`drill: ${line} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

function usage() {
  return 'usage: node scripts/pg-restore-drill.mjs --database-url URL [--from BACKUP_FOLDER [--target-time TIME]] [--keep]';
}

/** The base backups in `<from>/base`, named by their UTC start (`20261207T101500Z`), oldest first. */
function baseBackups(from) {
  const dir = path.join(from, 'base');
  if (!existsSync(dir)) throw new DrillFailed(`${dir} does not exist: --from names the folder holding base/ and wal/`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^\d{8}T\d{6}Z$/.test(e.name))
    .map((e) => e.name)
    .sort();
}

/** A base backup's folder name as a time. */
const startOf = (name) =>
  new Date(`${name.slice(0, 4)}-${name.slice(4, 6)}-${name.slice(6, 8)}T${name.slice(9, 11)}:${name.slice(11, 13)}:${name.slice(13, 15)}Z`);

/** Copies a base backup into `dataDir`: a tar backup (`base.tar[.gz]`, `pg_wal.tar[.gz]`) is unpacked, a plain one copied. */
async function unpackBase(base, dataDir) {
  await runAsOwner('mkdir', ['-m', '700', '-p', dataDir]);
  const files = readdirSync(base);
  const tarOf = (name) => files.find((f) => f === `${name}.tar` || f === `${name}.tar.gz`);
  if (tarOf('base')) {
    await runAsOwner('tar', ['-xf', path.join(base, tarOf('base')), '-C', dataDir]);
    if (tarOf('pg_wal')) await runAsOwner('tar', ['-xf', path.join(base, tarOf('pg_wal')), '-C', path.join(dataDir, 'pg_wal')]);
  } else if (files.includes('PG_VERSION')) {
    await runAsOwner('cp', ['-a', `${base}/.`, dataDir]);
  } else {
    throw new DrillFailed(`${base} holds neither base.tar[.gz] nor a data folder`);
  }
}

/**
 * What the copy needs to start here rather than where it was taken: a configuration file when the
 * backup has none (Debian keeps it in /etc), no standby signal, and a pg_hba of its own that lets
 * the drill in over the loopback and its socket.
 */
async function prepareCopy(folder, dataDir) {
  const hba = path.join(folder, 'drill_hba.conf');
  writeFileSync(hba, 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  chmodSync(hba, 0o644);
  if (!existsSync(path.join(dataDir, 'postgresql.conf'))) await runAsOwner('touch', [path.join(dataDir, 'postgresql.conf')]);
  await runAsOwner('rm', ['-f', path.join(dataDir, 'standby.signal'), path.join(dataDir, 'postmaster.pid')]);
  return hba;
}

async function query(url, text) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Waits until the copy has finished recovery and runs as a primary of its own. */
async function recovered(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await query(url, 'select pg_is_in_recovery() as recovering');
    if (!row.recovering) return;
    if (Date.now() > deadline) throw new DrillFailed(`recovery did not finish within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The store's own checks on the copy, with this repository's operator command: its report, or why there is none. */
function storeCheck(url) {
  const source = path.join(root, 'apps/server/src/admin/cli.ts');
  const bundle = path.join(root, 'apps/server/dist/admin.mjs');
  const tsx = existsSync(path.join(root, 'node_modules/tsx'));
  const args = tsx ? ['--import', 'tsx', source, 'check'] : [bundle, 'check'];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, DATABASE_REPLICA_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      try {
        resolve({ code, report: JSON.parse(out) });
      } catch {
        resolve({ code, report: null, error: (err || out).trim() });
      }
    });
  });
}

async function main() {
  const { values } = parseArgs({
    options: { 'database-url': { type: 'string' }, from: { type: 'string' }, 'target-time': { type: 'string' }, keep: { type: 'boolean' } },
  });
  const source = values['database-url'];
  if (!source) throw new DrillFailed(usage());
  if (values['target-time'] && !values.from)
    throw new DrillFailed(`--target-time needs --from (a point in time is reached by replaying archived WAL)\n${usage()}`);
  const target = values['target-time'] ? new Date(values['target-time']) : null;
  if (target && Number.isNaN(target.getTime())) throw new DrillFailed(`--target-time ${values['target-time']} is not a time`);
  if (!havePgBinaries())
    throw new DrillFailed(`no PostgreSQL binaries at ${pgBin() || '/usr/lib/postgresql/N/bin'}: install the server package or set PG_BIN`);
  const sourceUrl = new URL(source);
  const user = decodeURIComponent(sourceUrl.username) || 'postgres';
  const database = decodeURIComponent(sourceUrl.pathname.slice(1)) || 'postgres';

  const folder = await pgFolder('store-drill-');
  const dataDir = path.join(folder, 'data');
  const settings = {
    // The copy must never write into the real archive, nor stream from or to anyone.
    archive_mode: 'off',
    primary_conninfo: '',
    // Nothing the drill does needs a durable write.
    fsync: 'off',
  };
  let ok = false;
  try {
    if (values.from) {
      const from = path.resolve(values.from);
      const all = baseBackups(from);
      const usable = target ? all.filter((name) => startOf(name) <= target) : all;
      const chosen = usable.at(-1);
      if (!chosen)
        throw new DrillFailed(
          target ? `no base backup in ${from}/base started before ${target.toISOString()}` : `no base backup in ${from}/base`,
        );
      const wal = path.join(from, 'wal');
      if (!existsSync(wal)) throw new DrillFailed(`${wal} does not exist: archive_command copies the WAL there`);
      say(`base backup ${chosen} of ${all.length} in ${from}/base, WAL from ${wal} (${readdirSync(wal).length} files)`);
      await unpackBase(path.join(from, 'base', chosen), dataDir);
      await runAsOwner('touch', [path.join(dataDir, 'recovery.signal')]);
      settings.restore_command = `cp ${wal}/%f %p`;
      settings.recovery_target_action = 'promote';
      settings.recovery_target_timeline = 'latest';
      // The server reads a time as 2026-12-07 10:15:00.123+00, not in ISO's T...Z form.
      if (target) settings.recovery_target_time = target.toISOString().replace('T', ' ').replace('Z', '+00');
    } else {
      const backupUrl = new URL(source);
      say(`taking a base backup of ${backupUrl.host} (pg_basebackup, WAL streamed with it)`);
      await runPg('pg_basebackup', ['-d', source, '-D', dataDir, '-X', 'stream', '-c', 'fast', '--no-sync'], { timeoutMs: 6 * 3600_000 });
    }
    settings.hba_file = await prepareCopy(folder, dataDir);
    const port = await freePort();
    say(`starting the copy in ${dataDir} on 127.0.0.1:${port}`);
    await startCluster(dataDir, port, { settings, logFile: path.join(folder, 'postgres.log'), timeoutS: 3600 });
    const copy = new URL(source);
    copy.hostname = '127.0.0.1';
    copy.port = String(port);
    copy.password = '';
    copy.search = '';
    const url = copy.toString();
    await recovered(url, 3600_000);
    const [replay] = await query(
      url,
      `select pg_last_wal_replay_lsn()::text as lsn, pg_last_xact_replay_timestamp() as at, timeline_id from pg_control_checkpoint()`,
    );
    say(
      `recovered: WAL replayed to ${replay.lsn ?? 'the backup end'}, last transaction ${replay.at ? new Date(replay.at).toISOString() : 'in the backup'}, timeline ${replay.timeline_id}`,
    );
    const found = await query(url, `select 1 from pg_database where datname = '${database.replace(/'/g, "''")}'`);
    if (!found.length) throw new DrillFailed(`the copy has no database ${database}`);
    say(`checking ${database} as ${user} with the store's own checks (npm run admin -- check)`);
    const { code, report, error } = await storeCheck(url);
    if (!report) throw new DrillFailed(`the store's check did not report: ${error}`);
    for (const c of report.checks) say(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
    console.log(
      JSON.stringify(
        { restored: values.from ? 'base backup and archived WAL' : 'base backup', target: target?.toISOString() ?? null, ...report },
        null,
        2,
      ),
    );
    ok = code === 0 && report.ok;
    if (values.keep) {
      say(`kept running: ${url}; stop and remove it with: pg_ctl -D ${dataDir} stop && rm -rf ${folder}`);
      return ok;
    }
  } catch (err) {
    say(`FAILED: ${err.message}`);
    if (existsSync(path.join(folder, 'postgres.log'))) {
      const log = await runAsOwner('tail', ['-n', '20', path.join(folder, 'postgres.log')]).catch(() => ({ stdout: '' }));
      if (log.stdout) say(`the copy's log ends:\n${log.stdout}`);
    }
    ok = false;
  }
  await removeCluster(dataDir, folder);
  say(ok ? 'passed' : 'failed');
  return ok;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(`drill: ${err instanceof DrillFailed ? err.message : (err.stack ?? err)}`);
    process.exit(1);
  },
);
