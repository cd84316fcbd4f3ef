// PostgreSQL clusters of our own in temporary folders, started with the server's own binaries:
// the restore drill (pg-restore-drill.mjs) starts its restored copy with these, and the tests'
// helper (apps/server/test/helpers/pg-cluster.ts) its primaries and standbys. PostgreSQL refuses
// to run as root, so as root every binary runs as the `postgres` user (runuser) in folders it owns.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The folder of initdb, pg_ctl and pg_basebackup: PG_BIN, else the newest Debian install. */
export function pgBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length ? path.join(root, versions[0], 'bin') : '';
}

/** Whether this machine has the binaries a cluster of our own needs. */
export const havePgBinaries = () => ['initdb', 'pg_ctl', 'pg_basebackup'].every((tool) => existsSync(path.join(pgBin(), tool)));

const asRoot = () => process.getuid?.() === 0;

/** The ids of the `postgres` user, when this runs as root; null otherwise. */
let owner;
async function postgresOwner() {
  if (!asRoot()) return null;
  if (owner === undefined) {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    owner = { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  return owner;
}

/**
 * Runs one of PostgreSQL's binaries (`initdb`, `pg_ctl`...) with its arguments: as the `postgres`
 * user when this is root. Its output comes back; a failure throws with what it printed.
 */
export async function runPg(tool, args, { timeoutMs = 120_000, env = {} } = {}) {
  const bin = path.join(pgBin(), tool);
  const [cmd, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  try {
    return await run(cmd, argv, { timeout: timeoutMs, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    throw new Error(`${tool} ${args.join(' ')} failed: ${(err.stderr || err.stdout || err.message).trim()}`);
  }
}

/** Runs a plain command (tar, cp) as the user that owns the clusters' folders. */
export async function runAsOwner(cmd, args, { timeoutMs = 600_000 } = {}) {
  const [c, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  try {
    return await run(c, argv, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    throw new Error(`${cmd} ${args.join(' ')} failed: ${(err.stderr || err.stdout || err.message).trim()}`);
  }
}

/** A new temporary folder the cluster's user owns (mode 0700, as PostgreSQL wants its data folder). */
export async function pgFolder(prefix = 'store-pg-') {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const ids = await postgresOwner();
  if (ids) chownSync(dir, ids.uid, ids.gid);
  return dir;
}

/** A port nothing listens on now, on the loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the cluster in `dataDir` on 127.0.0.1:`port`, its socket in its own folder, and waits
 * until it takes connections (a standby: once it is consistent). `settings` are passed as `-c`
 * options, which win over its configuration files.
 */
export async function startCluster(
  dataDir,
  port,
  { settings = {}, logFile = path.join(path.dirname(dataDir), 'postgres.log'), timeoutS = 120 } = {},
) {
  const options = { listen_addresses: '127.0.0.1', port: String(port), unix_socket_directories: path.dirname(dataDir), ...settings };
  const flags = Object.entries(options)
    .map(([k, v]) => `-c ${k}=${quoteOption(v)}`)
    .join(' ');
  await runPg('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', String(timeoutS), '-o', flags, 'start'], {
    timeoutMs: (timeoutS + 10) * 1000,
  });
}

/** A `-c` value quoted for the shell pg_ctl starts the server through, when it holds more than plain characters. */
const quoteOption = (v) => (/^[\w./:%,-]*$/.test(String(v)) ? String(v) : `'${String(v).replace(/'/g, `'\\''`)}'`);

/** Stops the cluster in `dataDir` (fast: connections are ended, the data written; immediate: as a crash). */
export async function stopCluster(dataDir, mode = 'fast') {
  await runPg('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop'], { timeoutMs: 70_000 });
}

/** Whether a cluster runs in `dataDir` now. */
export async function clusterRuns(dataDir) {
  return runPg('pg_ctl', ['-D', dataDir, 'status']).then(
    () => true,
    () => false,
  );
}

/** Stops whatever still runs in `dataDir` and removes `folder`; never throws (cleanup after a failure too). */
export async function removeCluster(dataDir, folder = path.dirname(dataDir)) {
  if (existsSync(path.join(dataDir, 'postmaster.pid'))) await stopCluster(dataDir, 'immediate').catch(() => undefined);
  rmSync(folder, { recursive: true, force: true });
}
