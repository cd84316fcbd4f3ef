import pg from 'pg';
import { isUnreachable, place } from '../platform/start-up.ts';

/** Why a read meant for the replica ran on the primary: the label of `store_replica_fallbacks_total`. */
export type ReplicaFallback = 'failed' | 'resting' | 'lagging';

/** How long reads skip a replica that failed one before they try it again. */
export const REPLICA_REST_MS = 5_000;
/** How often the replica's replay lag is read, for the lag guard and the metric. */
export const REPLICA_LAG_CHECK_MS = 5_000;
/** A replica that does not answer a connection within this is down: a read waits this long at most before the primary takes it. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;

/** What the store, its metrics and its log see of the replica (decision 084). */
export interface ReplicaReads {
  /** Reads meant for the replica that the primary served, by why. */
  fallbackCounts(): ReadonlyMap<ReplicaFallback, number>;
  /** Whether reads go to the replica now: false while it rests after a failure or lags too far behind. */
  readonly serving: boolean;
  /** The replay lag as last read (seconds), null before the first read or while the replica is unreachable. */
  readonly lagSeconds: number | null;
  /** Reads the lag now and applies the guard; the periodic check calls it, a test may too. */
  checkLag(): Promise<number | null>;
  /** Where the transitions (down, back, lagging) are told; the console until the app's logger is given. */
  tellTo(log: { warn(msg: string): void; info(msg: string): void }): void;
}

/**
 * Failures that say the replica cannot answer now, not that the read is wrong: unreachable or
 * restarting (the start-up rule's list), a connection it closed (class 08, an administrator's or a
 * crash's shutdown), too many connections, or a read cancelled by the replay it conflicts with
 * (40001 on a standby). The same read is then asked of the primary. Anything else (a syntax error,
 * a write refused as read-only) is the caller's, thrown as it is.
 */
export function replicaUnavailable(err: unknown): boolean {
  if (isUnreachable(err)) return true;
  const code = (err as { code?: string })?.code ?? '';
  if (code.startsWith('08') || ['57P01', '57P02', '53300', '40001', 'EPIPE'].includes(code)) return true;
  return /connection terminated|connection error|not queryable/i.test((err as Error)?.message ?? '');
}

// The standby's own view of its delay: none while it has replayed all it received, else the age of
// the last commit it replayed (an idle primary sends nothing, so that age alone would grow forever).
const LAG_SQL = `select case when pg_is_in_recovery() is not true or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
  else greatest(0, extract(epoch from now() - pg_last_xact_replay_timestamp())) end::float8 as lag`;

/**
 * The client the replica's Drizzle database runs on (decision 084). Each read goes to the replica's
 * pool; when the replica cannot answer it (`replicaUnavailable`) the same read runs on the
 * primary's pool, is counted, and reads skip the replica for REPLICA_REST_MS before trying it
 * again, so a replica that is down costs one failed attempt per rest, not one per read. While its
 * replay lag is above `maxLagSeconds` reads go to the primary too. The log hears one line when the
 * replica goes down or falls behind and one when it serves again.
 *
 * Drizzle runs a transaction on a pool's `connect()` (it recognises a pool by "Pool" in the class
 * name): here that is the primary's, so a transaction begun on the replica's database, and every
 * read inside it, runs on the primary.
 */
export class ReplicaPool implements ReplicaReads {
  private readonly fallbacks = new Map<ReplicaFallback, number>();
  private restUntil = 0;
  private down = false;
  private lagging = false;
  private lag: number | null = null;
  private log: { warn(msg: string): void; info(msg: string): void } = console;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly url: string,
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly opts: { maxLagSeconds: number; now?: () => number },
  ) {
    // An idle connection the replica dropped (it stopped, restarted or failed over) must not crash the process.
    replica.on('error', (err) => this.failed(err));
    this.timer = setInterval(() => void this.checkLag(), REPLICA_LAG_CHECK_MS).unref();
  }

  static open(url: string, primary: pg.Pool, opts: { poolSize: number; maxLagSeconds: number }): ReplicaPool {
    const replica = new pg.Pool({ connectionString: url, max: opts.poolSize, connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS });
    return new ReplicaPool(url, replica, primary, { maxLagSeconds: opts.maxLagSeconds });
  }

  private get now(): number {
    return (this.opts.now ?? Date.now)();
  }

  get serving(): boolean {
    return !this.lagging && this.now >= this.restUntil;
  }

  get lagSeconds(): number | null {
    return this.lag;
  }

  fallbackCounts(): ReadonlyMap<ReplicaFallback, number> {
    return this.fallbacks;
  }

  tellTo(log: { warn(msg: string): void; info(msg: string): void }): void {
    this.log = log;
  }

  async query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    if (!this.serving) {
      this.count(this.lagging ? 'lagging' : 'resting');
      return this.primary.query(config, values);
    }
    try {
      const result = await this.replica.query(config, values);
      this.answered();
      return result;
    } catch (err) {
      if (!replicaUnavailable(err)) throw err;
      this.failed(err);
      this.count('failed');
      return this.primary.query(config, values);
    }
  }

  /** A transaction's connection: the primary's (see the class comment). */
  connect(): Promise<pg.PoolClient> {
    return this.primary.connect();
  }

  async checkLag(): Promise<number | null> {
    let lag: number;
    try {
      const { rows } = await this.replica.query<{ lag: number }>(LAG_SQL);
      this.answered();
      lag = Number(rows[0]?.lag ?? 0);
    } catch (err) {
      if (replicaUnavailable(err)) this.failed(err);
      this.lag = null;
      return null;
    }
    this.lag = lag;
    const max = this.opts.maxLagSeconds;
    if (max > 0 && lag > max && !this.lagging) {
      this.lagging = true;
      this.log.warn(
        `the read replica at DATABASE_REPLICA_URL (${place(this.url, '5432')}) is ${lag.toFixed(1)} s behind, over DATABASE_REPLICA_MAX_LAG_S (${max}): its reads go to the primary until it catches up`,
      );
    } else if (this.lagging && (max <= 0 || lag <= max)) {
      this.lagging = false;
      this.log.info(
        `the read replica at DATABASE_REPLICA_URL (${place(this.url, '5432')}) caught up (${lag.toFixed(1)} s behind): its reads go to it again`,
      );
    }
    return lag;
  }

  async end(): Promise<void> {
    clearInterval(this.timer);
    await this.replica.end();
  }

  private count(reason: ReplicaFallback) {
    this.fallbacks.set(reason, (this.fallbacks.get(reason) ?? 0) + 1);
  }

  private failed(err: unknown) {
    this.restUntil = this.now + REPLICA_REST_MS;
    if (this.down) return;
    this.down = true;
    const why = (err as { code?: string })?.code ?? (err as Error)?.message ?? String(err);
    this.log.warn(
      `the read replica at DATABASE_REPLICA_URL (${place(this.url, '5432')}) cannot answer (${why}): its reads go to the primary, and it is tried again every ${REPLICA_REST_MS / 1000} s; start it or fix DATABASE_REPLICA_URL`,
    );
  }

  private answered() {
    if (!this.down) return;
    // The periodic lag check found it answering: no need to wait out the rest.
    this.down = false;
    this.restUntil = 0;
    this.log.info(`the read replica at DATABASE_REPLICA_URL (${place(this.url, '5432')}) answers again: its reads go to it`);
  }
}
