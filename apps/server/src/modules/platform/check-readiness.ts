import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { ReadyResponse } from '@store/shared/api/platform';
import { migrationsFolder, type Db } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

/** A check that has not answered by then has failed: a readiness probe must answer promptly. */
const CHECK_TIMEOUT_MS = 2_000;

/** The newest migration this code knows, read once: its time is what Drizzle records when applying it. */
let newestMigration: number | null = null;
const newestKnownMigration = () =>
  (newestMigration ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis)));

async function passes(check: () => Promise<unknown>): Promise<'ok' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), late]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this process can serve (decision 036): the database answers, Redis answers PING when
 * the store uses it, and the database has every migration this code was built with (another
 * process's newer ones are fine). Liveness is `/api/health`; this is what a balancer asks.
 */
export async function checkReadiness(opts: { db: Db; redis: { ping(): Promise<unknown> } | null }): Promise<ReadyResponse> {
  const [database, redis, migrations] = await Promise.all([
    passes(() => opts.db.execute(sql`select 1`)),
    opts.redis ? passes(() => opts.redis!.ping()) : ('off' as const),
    passes(async () => {
      const [row] = await rows<{ newest: number | string | null }>(
        opts.db,
        sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
      );
      if (Number(row?.newest ?? 0) < newestKnownMigration()) throw new Error('migrations pending');
    }),
  ]);
  return { ready: database === 'ok' && redis !== 'failed' && migrations === 'ok', checks: { database, redis, migrations } };
}
