import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { ReplicaPool, REPLICA_REST_MS, replicaUnavailable } from '../src/db/replica.ts';
import { parseEnv } from '../src/config/env.ts';
import { deploymentProblems } from '../src/config/deployment.ts';

/**
 * The replica's fallback rules (decision 084) without a server: which failures send a read to the
 * primary, how long the replica rests, what the log and the counts say. read-replica.test.ts shows
 * the same against a real standby.
 */
function fakePool(answer: (text: string) => Promise<{ rows: unknown[] }>) {
  const asked: string[] = [];
  const pool = {
    on: () => pool,
    query: async (config: string | { text: string }) => {
      const text = typeof config === 'string' ? config : config.text;
      asked.push(text);
      return answer(text);
    },
    connect: async () => ({ release: () => undefined }),
    end: async () => undefined,
  };
  return { pool: pool as unknown as pg.Pool, asked };
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });

function setUp(replicaAnswer: (text: string) => Promise<{ rows: unknown[] }>, maxLagSeconds = 30) {
  let now = 1_000_000;
  const replica = fakePool(replicaAnswer);
  const primary = fakePool(async () => ({ rows: [{ from: 'primary' }] }));
  const lines: string[] = [];
  const pool = new ReplicaPool('postgres://store:secret@replica:5432/store', replica.pool, primary.pool, { maxLagSeconds, now: () => now });
  pool.tellTo({ warn: (m) => void lines.push(`warn ${m}`), info: (m) => void lines.push(`info ${m}`) });
  return { pool, replica, primary, lines, advance: (ms: number) => (now += ms) };
}

describe('the replica pool', () => {
  it('tells a replica that cannot answer from a read that is wrong', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '53300', '40001'])
      expect(replicaUnavailable(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(replicaUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(replicaUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // A bad query, or a write sent to a standby, is the caller's: thrown, never hidden by the primary.
    for (const code of ['42601', '42P01', '25006', '23505'])
      expect(replicaUnavailable(Object.assign(new Error('x'), { code }))).toBe(false);
  });

  it('runs a read the replica cannot answer on the primary, rests the replica, logs once each way, and counts', async () => {
    let down = true;
    const t = setUp(async () => {
      if (down) throw refused;
      return { rows: [{ from: 'replica' }] };
    });
    expect((await t.pool.query('select 1')).rows).toEqual([{ from: 'primary' }]);
    expect((await t.pool.query('select 2')).rows).toEqual([{ from: 'primary' }]);
    // Resting: the second read did not try the replica.
    expect(t.replica.asked).toEqual(['select 1']);
    expect(t.pool.serving).toBe(false);
    expect([...t.pool.fallbackCounts()]).toEqual([
      ['failed', 1],
      ['resting', 1],
    ]);
    down = false;
    t.advance(REPLICA_REST_MS);
    expect(t.pool.serving).toBe(true);
    expect((await t.pool.query('select 3')).rows).toEqual([{ from: 'replica' }]);
    expect(t.lines).toHaveLength(2);
    expect(t.lines[0]).toMatch(/^warn the read replica at DATABASE_REPLICA_URL \(replica:5432\/store\) cannot answer \(ECONNREFUSED\)/);
    expect(t.lines[1]).toMatch(/^info .* answers again/);
    // The address is named, its password never.
    expect(t.lines.join('\n')).not.toContain('secret');
    await t.pool.end();
  });

  it('throws what is not the replica’s fault, and sends a transaction to the primary', async () => {
    const t = setUp(async () => {
      throw Object.assign(new Error('syntax error'), { code: '42601' });
    });
    await expect(t.pool.query('selec 1')).rejects.toThrow('syntax error');
    expect(t.primary.asked).toEqual([]);
    expect(t.pool.fallbackCounts().size).toBe(0);
    await t.pool.connect();
    expect(t.pool.serving).toBe(true);
    await t.pool.end();
  });

  it('sends the reads to the primary while the replica lags past the guard', async () => {
    let lag = 45;
    const t = setUp(async (text) =>
      text.includes('pg_last_xact_replay_timestamp') ? { rows: [{ lag }] } : { rows: [{ from: 'replica' }] },
    );
    expect(await t.pool.checkLag()).toBe(45);
    expect(t.pool.serving).toBe(false);
    expect((await t.pool.query('select 1')).rows).toEqual([{ from: 'primary' }]);
    expect(t.pool.fallbackCounts().get('lagging')).toBe(1);
    lag = 0.2;
    await t.pool.checkLag();
    expect((await t.pool.query('select 1')).rows).toEqual([{ from: 'replica' }]);
    expect(t.lines.map((l) => l.split(' ')[0])).toEqual(['warn', 'info']);
    await t.pool.end();
  });

  it('refuses a replica without a primary server to copy', () => {
    const env = parseEnv({ NODE_ENV: 'test', DATABASE_REPLICA_URL: 'postgres://store@replica:5432/store' });
    expect(deploymentProblems(env).join('\n')).toContain('DATABASE_REPLICA_URL is a replica of the PostgreSQL server at DATABASE_URL');
    expect(deploymentProblems({ ...env, DATABASE_URL: 'postgres://store@db:5432/store' }).join('\n')).not.toContain('DATABASE_REPLICA_URL');
  });
});
