import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './nginx.ts';

/** Debian's PgBouncer; `apt-get install pgbouncer` puts it here. */
export const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

export interface RunningPgbouncer {
  /** `databaseUrl` with its host and port turned to the pooler's. */
  url: string;
  stop(): Promise<void>;
  log(): string;
}

/**
 * PgBouncer in transaction pooling mode in front of the PostgreSQL that `databaseUrl` names, as
 * managed PostgreSQL services offer it: a client holds a server connection only for one
 * transaction, so nothing of a session (a session lock, a SET, a named prepared statement, a
 * LISTEN) survives past it. The pool is smaller than the clients' pools together, so transactions
 * of different processes really do share server connections. Trust authentication, as the
 * machine's PostgreSQL has it; a deployment's own PgBouncer sets its own.
 */
export async function startPgbouncer(databaseUrl: string, opts: { poolSize?: number } = {}): Promise<RunningPgbouncer> {
  if (!existsSync(PGBOUNCER)) throw new Error(`no pgbouncer at ${PGBOUNCER}: apt-get install pgbouncer (or set PGBOUNCER_PATH)`);
  // A folder of its own in the system's temporary folder: as root, PgBouncer runs as another user,
  // who must reach it (a test's own temporary folders are open to root alone).
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-pgbouncer-'));
  const target = new URL(databaseUrl);
  const port = await freePort();
  const file = (name: string) => path.join(dir, name);
  const user = decodeURIComponent(target.username || 'postgres');
  writeFileSync(file('userlist.txt'), `"${user}" ""\n`);
  writeFileSync(
    file('pgbouncer.ini'),
    `[databases]
* = host=${target.hostname} port=${target.port || 5432}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${file('userlist.txt')}
pool_mode = transaction
default_pool_size = ${opts.poolSize ?? 12}
max_client_conn = 2000
ignore_startup_parameters = extra_float_digits
logfile = ${file('pgbouncer.log')}
pidfile = ${file('pgbouncer.pid')}
`,
  );
  // PgBouncer will not run as root; as root (CI) it runs as the database's own system user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = systemUser('postgres');
    for (const f of ['', 'userlist.txt', 'pgbouncer.ini']) chownSync(path.join(dir, f), uid, gid);
  }
  const child: ChildProcess = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), file('pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const log = () => stderr + (existsSync(file('pgbouncer.log')) ? readFileSync(file('pgbouncer.log'), 'utf8') : '');
  const pooled = new URL(databaseUrl);
  pooled.hostname = '127.0.0.1';
  pooled.port = String(port);
  const stop = async () => {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      // INT: a fast shutdown, every client disconnected.
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
    rmSync(dir, { recursive: true, force: true });
  };
  const until = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited ${child.exitCode}: ${log()}`);
    const client = new pg.Client({ connectionString: pooled.href, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    const ok = await client.connect().then(
      () => client.query('select 1').then(() => true),
      () => false,
    );
    await client.end().catch(() => undefined);
    if (ok) break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`pgbouncer did not answer: ${log()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: pooled.href, stop, log };
}

/** A system user's ids from /etc/passwd. */
function systemUser(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no system user ${name}`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
