import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { repoRoot } from '../src/platform/paths.ts';
import { checkLedger } from '../src/modules/wallet/check-ledger.ts';
import { removeCluster } from '../../../scripts/postgres-cluster.mjs';
import { api, cheapestCase, fundedPlayer, type Player } from './helpers/factories.ts';
import { archiveNow, startPrimary, storeDatabaseOn, takeBaseBackup, type PgCluster } from './helpers/pg-cluster.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

const run = promisify(execFile);

interface DrillReport {
  ok: boolean;
  checks: { name: string; ok: boolean; detail: string }[];
  figures: { wallets: number; ledger_entries: number; newest_ledger_entry: string | null };
}

/** Runs scripts/pg-restore-drill.mjs as an operator would: its exit code, what it printed, and its JSON report. */
async function drill(
  args: string[],
): Promise<{ code: number; out: string; report: DrillReport | null; keptUrl: string | null; keptDir: string | null }> {
  const result = await run(process.execPath, [path.join(repoRoot, 'scripts/pg-restore-drill.mjs'), ...args], {
    cwd: repoRoot,
    timeout: 120_000,
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (err: { code?: number; stdout?: string; stderr?: string }) => ({ code: err.code ?? 1, out: `${err.stdout ?? ''}${err.stderr ?? ''}` }),
  );
  const json = /^\{[\s\S]*?^\}$/m.exec(result.out)?.[0];
  const kept = /kept running: (\S+); stop and remove it with: pg_ctl -D (\S+) stop/.exec(result.out);
  return { ...result, report: json ? (JSON.parse(json) as DrillReport) : null, keptUrl: kept?.[1] ?? null, keptDir: kept?.[2] ?? null };
}

/**
 * Backups of a PostgreSQL deployment (decision 084): base backups and archived WAL, restored and
 * judged by scripts/pg-restore-drill.mjs with the store's own checks. The cluster is the test's
 * own (helpers/pg-cluster.ts), archiving every WAL file as docs/operations.md sets it up.
 */
describe('the PostgreSQL restore drill', () => {
  let primary: PgCluster & { backups: string };
  let store: TestStore;
  let cheap: { slug: string };
  const open = async (p: Player) =>
    expect((await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 2 } })).status).toBe(
      200,
    );
  const figures = async () => {
    const l = await checkLedger(store.database.db);
    return { wallets: l.wallets, ledger_entries: l.entries, newest_ledger_entry: l.newestEntryAt };
  };

  beforeAll(async () => {
    primary = await startPrimary({ archive: true });
    // No background job writes money here: what the archive holds is what the test wrote.
    store = await createTestStore({ DATABASE_URL: primary.url('store'), BACKGROUND_JOBS: 'off' }, { database: storeDatabaseOn(primary) });
    cheap = await cheapestCase(store.app);
  });

  afterAll(async () => {
    await store?.close();
    await primary?.remove();
  });

  it('restores the newest base backup, replays the WAL archived after it, and the copy passes the store checks', async () => {
    await open(await fundedPlayer(store.app, store.database.db, 5_000));
    await takeBaseBackup(primary);
    const atBackup = await figures();
    // Written after the base backup: only the archived WAL carries these.
    const later = await fundedPlayer(store.app, store.database.db, 5_000);
    await open(later);
    await open(later);
    const now = await figures();
    expect(now.ledger_entries).toBeGreaterThan(atBackup.ledger_entries);
    await archiveNow(primary);

    const result = await drill(['--from', primary.backups, '--database-url', primary.url('store')]);
    expect(result.out).toMatch(/drill: recovered: WAL replayed to/);
    expect(result.code, result.out).toBe(0);
    expect(result.report?.ok).toBe(true);
    expect(result.report?.checks.map((c) => [c.name, c.ok])).toEqual([
      ['database', true],
      ['migrations', true],
      ['ledger', true],
    ]);
    expect(result.report?.figures).toEqual(now);
  });

  it('stops at a point in time with --target-time, leaving out what was committed after it', async () => {
    const before = await fundedPlayer(store.app, store.database.db, 5_000);
    await open(before);
    const target = (await primary.query<{ at: Date }>('select now() as at'))[0]!.at;
    const atTarget = await figures();
    const after = await fundedPlayer(store.app, store.database.db, 5_000);
    await open(after);
    await archiveNow(primary);

    const result = await drill([
      '--from',
      primary.backups,
      '--database-url',
      primary.url('store'),
      '--target-time',
      target.toISOString(),
      '--keep',
    ]);
    try {
      expect(result.code, result.out).toBe(0);
      expect(result.report?.figures).toEqual(atTarget);
      const copy = new pg.Client({ connectionString: result.keptUrl! });
      await copy.connect();
      try {
        const users = (
          await copy.query<{ id: number }>('select id from users where id = any($1::int[])', [[before.userId, after.userId]])
        ).rows.map((r) => r.id);
        expect(users).toEqual([before.userId]);
      } finally {
        await copy.end();
      }
    } finally {
      if (result.keptDir) await removeCluster(result.keptDir);
    }
  });

  it("takes a base backup of a DATABASE_URL's cluster itself when no backup folder is named", async () => {
    const result = await drill(['--database-url', primary.url('store')]);
    expect(result.out).toContain('drill: taking a base backup');
    expect(result.code, result.out).toBe(0);
    expect(result.report?.figures).toEqual(await figures());
  });

  it('fails, saying why, when there is nothing to restore', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'store-no-backups-'));
    try {
      const result = await drill(['--from', empty, '--database-url', primary.url('store')]);
      expect(result.code).toBe(1);
      expect(result.out).toMatch(/base does not exist/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
