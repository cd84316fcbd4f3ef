import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startServer, stopServer, type RunningServer } from '../../test/helpers/server-process.ts';
import { startNginx, type RunningNginx } from './nginx.ts';
import { startPgbouncer, type RunningPgbouncer } from './pgbouncer.ts';

export interface StoreProcess extends RunningServer {
  dataDir: string;
  adminToken: string;
}

export interface Cluster {
  nginx: RunningNginx;
  /** PgBouncer in transaction mode between the processes and PostgreSQL, when asked for. */
  pgbouncer: RunningPgbouncer | null;
  processes: StoreProcess[];
  /** Credits a player through a live process's operator door, as `npm run admin -- grant` does. */
  grant(login: string, gold: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `count` store processes on one PostgreSQL database and one Redis, behind nginx: what
 * compose.yaml runs, on this machine. The processes start together (the start-up lock makes
 * them migrate and seed one at a time); each has its own folder for its `server.json`. With
 * `pooler`, they reach PostgreSQL through PgBouncer in transaction mode, as on a managed database.
 */
export async function startCluster(opts: { count: number; dir: string; env: Record<string, string>; pooler?: boolean }): Promise<Cluster> {
  if (!opts.env.DATABASE_URL || !opts.env.REDIS_URL) throw new Error('a cluster needs DATABASE_URL and REDIS_URL');
  const processes: StoreProcess[] = [];
  let nginx: RunningNginx | null = null;
  let pgbouncer: RunningPgbouncer | null = null;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(processes.filter(Boolean).map((p) => stopServer(p)));
    await pgbouncer?.stop();
  };
  try {
    if (opts.pooler) pgbouncer = await startPgbouncer(opts.env.DATABASE_URL);
    const env = pgbouncer ? { ...opts.env, DATABASE_URL: pgbouncer.url } : opts.env;
    // Each process is kept as soon as it serves, so one that fails to start does not leave the
    // others running when `stop` cleans up; `allSettled` waits for every start before that.
    const starts = await Promise.allSettled(
      Array.from({ length: opts.count }, async (_, i) => {
        const dataDir = path.join(opts.dir, `store-${i + 1}`);
        rmSync(dataDir, { recursive: true, force: true });
        mkdirSync(dataDir, { recursive: true });
        const s = await startServer({ ...env, DATA_DIR: dataDir });
        const { adminToken } = JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as { adminToken: string };
        processes[i] = { ...s, dataDir, adminToken };
      }),
    );
    const failed = starts.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    nginx = await startNginx(path.join(opts.dir, 'nginx'), processes.map((p) => `127.0.0.1:${p.port}`));
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    nginx,
    pgbouncer,
    processes,
    stop,
    grant: async (login, gold) => {
      const alive = processes.find((p) => p.child.exitCode === null && p.child.signalCode === null)!;
      const res = await fetch(`${alive.url}/internal/admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': alive.adminToken },
        body: JSON.stringify({ command: 'grant', login, amount: gold, operator: 'cluster' }),
      });
      if (!res.ok) throw new Error(`grant refused: ${res.status} ${await res.text()}`);
    },
  };
}

/** The settings every process of a test cluster runs with. */
export function clusterEnv(base: { DATABASE_URL: string; REDIS_URL: string; REDIS_PREFIX: string; PAYMENT_SANDBOX_SECRET: string }): Record<string, string> {
  return {
    ...base,
    // One nginx hop in front: rate limits see the player's address, not the proxy's.
    TRUST_PROXY: '1',
    // Every virtual player signs up from this machine's one address.
    AUTH_RATE_LIMIT: '100000',
    // Short rounds, so battles finish within the load and a kill lands in the middle of some.
    BATTLE_ROUND_MS: '400',
    LOG_LEVEL: 'warn',
  };
}
