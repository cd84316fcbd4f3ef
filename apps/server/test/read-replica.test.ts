import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rows } from '../src/db/rows.ts';
import { ReplicaPool } from '../src/db/replica.ts';
import { api, cheapestCase, fundedPlayer, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { consoleOperators } from './helpers/operators.ts';
import { startPrimary, startStandby, storeDatabaseOn, until, waitForReplay, type PgCluster } from './helpers/pg-cluster.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * The read replica (decision 084), on a primary and a streaming standby of the test's own: the
 * reads moved to the replica are answered by the standby (a write it has not replayed is missing
 * from them while the primary's reads have it), and a standby that stops takes nothing down: its
 * reads go to the primary, once logged and counted, and the store goes on selling and opening.
 */
describe('a read replica', () => {
  let primary: PgCluster;
  let standby: PgCluster;
  let store: TestStore;
  const log: string[] = [];
  let player: Player;
  let admin: Player;
  let cheap: { slug: string };
  let caseId: number;

  /** Which server answered a read of the replica's database: the standby is in recovery, the primary is not. */
  const answeredByStandby = async () =>
    (await rows<{ standby: boolean }>(store.database.replica, sql`select pg_is_in_recovery() as standby`))[0]!.standby;
  const openings = async () =>
    (await api(store.app, 'GET', `/api/v1/provably-fair/case-history/${caseId}`, { token: player.token })).body.data.total as number;
  const ribbon = async () =>
    ((await api(store.app, 'POST', '/api/v1/live_drop', { body: {} })).body.data as { user: { id: number } }[]).filter(
      (d) => d.user.id === player.userId,
    ).length;
  const found = async (login: string) =>
    ((await api(store.app, 'GET', `/api/v1/admin/players?q=${login}`, { token: admin.token })).body.data.items as unknown[]).length;
  const open = async () =>
    expect(
      (await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: player.token, body: { multi_open: 1 } })).status,
    ).toBe(200);
  const onPrimary = async () =>
    Number((await primary.query<{ n: string }>('select count(*) as n from case_opens where user_id = $1', [player.userId], 'store'))[0]!.n);

  beforeAll(async () => {
    primary = await startPrimary();
    standby = await startStandby(primary);
    store = await createTestStore(
      { DATABASE_URL: primary.url('store'), DATABASE_REPLICA_URL: standby.url('store'), LOG_LEVEL: 'info' },
      // The lag guard stays out of the way here: the test holds the standby back on purpose.
      {
        database: storeDatabaseOn(primary, { replica: standby, maxLagSeconds: 3600 }),
        logStream: { write: (line) => void log.push(line) },
      },
    );
    player = await fundedPlayer(store.app, store.database.db, 10_000);
    ({ admin } = await consoleOperators(store));
    cheap = await cheapestCase(store.app);
    caseId = (await api(store.app, 'GET', `/api/v1/cases/${cheap.slug}`)).body.data.id;
    await open();
    await waitForReplay(primary, standby);
  });

  afterAll(async () => {
    await store?.close();
    await standby?.remove();
    await primary?.remove();
  });

  it('answers the moved reads from the standby: what it has not replayed is not in them, and the primary reads have it', async () => {
    expect(await answeredByStandby()).toBe(true);
    expect(await openings()).toBe(1);
    expect(await ribbon()).toBe(1);
    const early = await registerPlayer(store.app);
    await waitForReplay(primary, standby);
    expect(await found(early.login)).toBe(1);

    // Held back: the standby receives the primary's WAL but applies none of it.
    await standby.query('select pg_wal_replay_pause()');
    await until(
      async () => (await standby.query<{ state: string }>('select pg_get_wal_replay_pause_state() as state'))[0]!.state === 'paused',
      'replay paused',
    );
    const balanceBefore = (await api(store.app, 'GET', '/api/v1/users/me', { token: player.token })).body.data.finance.balance as number;
    await open();
    const late = await registerPlayer(store.app);
    expect(await onPrimary()).toBe(2);
    // The histories, the ribbon's backfill and the console's list come from the standby: still one opening, no new player.
    expect(await openings()).toBe(1);
    expect(await ribbon()).toBe(1);
    expect(await found(late.login)).toBe(0);
    // What a player acts on comes from the primary: the balance after the opening, the inventory with its item.
    expect((await api(store.app, 'GET', '/api/v1/users/me', { token: player.token })).body.data.finance.balance).toBeLessThan(
      balanceBefore,
    );
    expect((await api(store.app, 'GET', '/api/v1/inventory/get', { token: player.token })).body.data.total_item).toBe(2);
    // A transaction begun on the replica's database runs on the primary, and so do its reads.
    expect(
      await store.database.replica.transaction(
        async (tx) => (await rows<{ standby: boolean }>(tx, sql`select pg_is_in_recovery() as standby`))[0]!.standby,
      ),
    ).toBe(false);

    await standby.query('select pg_wal_replay_resume()');
    await waitForReplay(primary, standby);
    expect(await openings()).toBe(2);
    expect(await ribbon()).toBe(2);
    expect(await found(late.login)).toBe(1);
    expect(store.database.replicaReads!.fallbackCounts().size).toBe(0);
  });

  it('sends the replica reads to the primary, once logged and counted, when the standby stops, and the store goes on', async () => {
    await standby.stop('fast');
    // The primary answers now, with everything: the opening made while the standby is away included.
    await open();
    expect(await openings()).toBe(3);
    expect(await ribbon()).toBe(3);
    expect(await answeredByStandby()).toBe(false);
    const newcomer = await registerPlayer(store.app);
    expect(await found(newcomer.login)).toBe(1);
    const items = (await api(store.app, 'GET', '/api/v1/inventory/get', { token: player.token })).body.data.items as { id: number }[];
    const sold = await api(store.app, 'POST', '/api/v1/inventory/sell/many', {
      token: player.token,
      body: { ids: items.map((i) => i.id) },
    });
    expect([sold.status, sold.body.data.sold.length]).toEqual([200, 3]);
    expect(await ledgerMismatches(store.database.db)).toEqual([]);

    // The pool's idle connections hear the shutdown first, or a read does: either way the reads since went to the primary.
    const counts = store.database.replicaReads!.fallbackCounts();
    expect((counts.get('failed') ?? 0) + (counts.get('resting') ?? 0)).toBeGreaterThanOrEqual(6);
    expect(store.database.replicaReads!.serving).toBe(false);
    const metrics = (await store.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/store_replica_fallbacks_total\{reason="(failed|resting)"\} [1-9]/);
    expect(metrics).toMatch(/store_replica_serving 0/);
    const down = log.filter((l) => l.includes('the read replica at DATABASE_REPLICA_URL') && l.includes('cannot answer'));
    expect(down).toHaveLength(1);
    expect(JSON.parse(down[0]!).level).toBe(40);

    // Started again, it takes its reads back once its rest is over, and the log says so.
    await standby.start();
    await until(async () => (await answeredByStandby()) === true, 'the standby answers the replica reads again', 15_000);
    expect(log.some((l) => l.includes('answers again'))).toBe(true);
  });

  it('sends the reads to the primary while the standby lags past the guard, and back once it caught up', async () => {
    const replica = new pg.Pool({ connectionString: standby.url('store'), max: 2 });
    const main = new pg.Pool({ connectionString: primary.url('store'), max: 2 });
    const pool = new ReplicaPool(standby.url('store'), replica, main, { maxLagSeconds: 1 });
    pool.tellTo({ warn: (m) => void log.push(m), info: (m) => void log.push(m) });
    const inRecovery = async () => (await pool.query('select pg_is_in_recovery() as standby')).rows[0].standby as boolean;
    try {
      expect(await inRecovery()).toBe(true);
      await standby.query('select pg_wal_replay_pause()');
      // A commit the standby receives and does not apply: from then on its lag grows with the clock.
      await open();
      await until(async () => ((await pool.checkLag()) ?? 0) > 1, 'the standby is more than a second behind');
      expect(pool.serving).toBe(false);
      expect(await inRecovery()).toBe(false);
      expect(pool.fallbackCounts().get('lagging')).toBe(1);
      expect(log.some((l) => l.includes('over DATABASE_REPLICA_MAX_LAG_S'))).toBe(true);
      await standby.query('select pg_wal_replay_resume()');
      await waitForReplay(primary, standby);
      expect(await pool.checkLag()).toBe(0);
      expect(await inRecovery()).toBe(true);
    } finally {
      await standby.query('select pg_wal_replay_resume()').catch(() => undefined);
      await pool.end();
      await main.end();
    }
  });
});
