import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';

/** What the metrics read when Prometheus scrapes, never on a request's path. */
export interface ScrapeSources {
  /** Websocket clients connected to this process. */
  websocketClients(): number;
  /** The server database's connection pool; none on PGlite. */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  /** How far each background reader of the activity stream is behind. */
  jobLag(): Promise<{ name: string; behind: number; lagSeconds: number }[]>;
  /** The store's balance at each marketplace as last read (minor units), null before its first answer. */
  marketBalances?(): readonly { market: string; balance: number | null }[];
  /** Redis commands the store did without while Redis was away, by use; none without Redis. */
  redisFallbacks?(): ReadonlyMap<string, number>;
  /** The read replica's fallbacks, state and lag (decision 084); none without a replica. */
  replica?: { fallbackCounts(): ReadonlyMap<string, number>; readonly serving: boolean; readonly lagSeconds: number | null };
}

// Event-loop delay, memory, GC and handles belong to the process, not to one store built in it
// (the tests build several): one set, made with the first store so the delay is watched from the start.
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const REQUEST_BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface RequestSeries {
  labels: { route: string; method: string; status: string };
  /** Requests per bucket, not cumulative; the last counts those above every bound. */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * `http_request_duration_seconds` by route pattern, method and status class. prom-client's own
 * histogram validates and hashes the labels at every observation (about 4 µs); this one costs a
 * map lookup and a few comparisons, and turns into prom-client's form only when scraped.
 */
class RequestHistogram {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Time from a request to its answer, by route pattern, method and status class';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, RequestSeries>();

  observe(route: string, method: string, statusCode: number, seconds: number) {
    const status = statusCode < 200 ? '1xx' : statusCode < 300 ? '2xx' : statusCode < 400 ? '3xx' : statusCode < 500 ? '4xx' : '5xx';
    const key = `${method} ${status} ${route}`;
    let s = this.series.get(key);
    if (!s)
      this.series.set(
        key,
        (s = { labels: { route, method, status }, buckets: new Array<number>(REQUEST_BOUNDS.length + 1).fill(0), sum: 0, count: 0 }),
      );
    let i = 0;
    while (i < REQUEST_BOUNDS.length && seconds > REQUEST_BOUNDS[i]!) i++;
    s.buckets[i]!++;
    s.sum += seconds;
    s.count++;
  }

  get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      REQUEST_BOUNDS.forEach((le, i) => {
        cumulative += s.buckets[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le: '+Inf' }, value: s.count });
      values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: s.labels, value: s.count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset() {
    this.series.clear();
  }
}

/**
 * The store's Prometheus metrics (decision 036). What a request or a game adds is a plain
 * addition to a number of this object; the registry reads the numbers, and everything else,
 * only when Prometheus scrapes.
 */
export class StoreMetrics {
  private readonly registry = new Registry();
  private readonly requests = new RequestHistogram();
  private readonly opened = { paid: 0, free: 0 };
  private deposited = 0;
  private readonly wsRefused = new Map<string, number>();

  constructor(sources: ScrapeSources, onScrapeError: (err: unknown) => void) {
    const registers = [this.registry];
    processMetrics();
    // Registries print any metric by its get(); prom-client's types name only its own classes.
    this.registry.registerMetric(this.requests as unknown as Metric);
    const opened = this.opened;
    new Counter({
      name: 'store_case_openings_total',
      help: 'Cases opened (each case of a multi-open counts), paid or free (level and free cases)',
      labelNames: ['kind'] as const,
      registers,
      collect() {
        this.reset();
        this.inc({ kind: 'paid' }, opened.paid);
        this.inc({ kind: 'free' }, opened.free);
      },
    });
    const deposits = () => this.deposited;
    new Counter({
      name: 'store_deposits_total',
      help: 'Payment orders credited to a wallet',
      registers,
      collect() {
        this.reset();
        this.inc(deposits());
      },
    });
    const wsRefused = this.wsRefused;
    new Counter({
      name: 'store_websocket_refused_total',
      help: 'Websocket frames and sockets the hub refused, by reason (invalid_frame, oversized_frame, flood, address_limit, session_limit)',
      labelNames: ['reason'] as const,
      registers,
      collect() {
        this.reset();
        for (const [reason, n] of wsRefused) this.inc({ reason }, n);
      },
    });
    new Gauge({
      name: 'store_websocket_clients',
      help: 'Websocket clients connected to this process',
      registers,
      collect() {
        this.set(sources.websocketClients());
      },
    });
    const behind = new Gauge({
      name: 'store_activity_consumer_behind_rows',
      help: 'Activity rows written after a background consumer position (the queue depth)',
      labelNames: ['consumer'] as const,
      registers,
    });
    new Gauge({
      name: 'store_activity_consumer_lag_seconds',
      help: 'Age of the oldest activity row a background consumer has not handled',
      labelNames: ['consumer'] as const,
      registers,
      async collect() {
        this.reset();
        behind.reset();
        try {
          for (const c of await sources.jobLag()) {
            this.labels(c.name).set(c.lagSeconds);
            behind.labels(c.name).set(c.behind);
          }
        } catch (err) {
          // A scrape without these figures beats a failed scrape.
          onScrapeError(err);
        }
      },
    });
    const marketBalances = sources.marketBalances;
    if (marketBalances)
      new Gauge({
        name: 'store_market_balance_rub',
        help: "The store's balance at each marketplace withdrawals buy from, in roubles, as last read (every minute)",
        labelNames: ['market'] as const,
        registers,
        collect() {
          this.reset();
          for (const m of marketBalances()) if (m.balance !== null) this.labels(m.market).set(m.balance / 100);
        },
      });
    const redisFallbacks = sources.redisFallbacks;
    if (redisFallbacks)
      new Counter({
        name: 'store_redis_fallbacks_total',
        help: 'Redis commands skipped or failed while Redis was away, by use; the store went on without them (a per-process rate limit, presence or bus event)',
        labelNames: ['use'] as const,
        registers,
        collect() {
          this.reset();
          for (const [use, n] of redisFallbacks()) this.inc({ use }, n);
        },
      });
    const replica = sources.replica;
    if (replica) {
      new Counter({
        name: 'store_replica_fallbacks_total',
        help: 'Reads meant for the read replica that the primary served, by why: failed (the replica could not answer), resting (after a failure), lagging (behind DATABASE_REPLICA_MAX_LAG_S)',
        labelNames: ['reason'] as const,
        registers,
        collect() {
          this.reset();
          for (const [reason, n] of replica.fallbackCounts()) this.inc({ reason }, n);
        },
      });
      new Gauge({
        name: 'store_replica_serving',
        help: 'Whether the read replica takes its reads now (1), or the primary does (0: down, resting or lagging)',
        registers,
        collect() {
          this.set(replica.serving ? 1 : 0);
        },
      });
      new Gauge({
        name: 'store_replica_lag_seconds',
        help: "The read replica's replay lag as last read (every 5 s); absent while it cannot answer",
        registers,
        collect() {
          this.reset();
          if (replica.lagSeconds !== null) this.set(replica.lagSeconds);
        },
      });
    }
    const pool = sources.pool;
    if (pool) {
      const poolGauge = (name: string, help: string, read: () => number) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.set(read());
          },
        });
      poolGauge('store_db_pool_connections', 'Open connections of the database pool', () => pool.totalCount);
      poolGauge('store_db_pool_idle_connections', 'Idle connections of the database pool', () => pool.idleCount);
      poolGauge('store_db_pool_waiting_requests', 'Queries waiting for a free connection of the pool', () => pool.waitingCount);
    }
  }

  /** Cases opened, once the opening committed: one addition, nothing more. */
  caseOpened(count: number, paid: boolean): void {
    if (paid) this.opened.paid += count;
    else this.opened.free += count;
  }

  depositCredited(): void {
    this.deposited++;
  }

  websocketRefused(reason: string): void {
    this.wsRefused.set(reason, (this.wsRefused.get(reason) ?? 0) + 1);
  }

  requestEnded(route: string, method: string, statusCode: number, seconds: number): void {
    this.requests.observe(route, method, statusCode, seconds);
  }

  /** The exposition text of the process and of this store. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    const own = processMetrics();
    return { contentType: this.registry.contentType, body: `${await own.metrics()}\n${await this.registry.metrics()}` };
  }
}

/**
 * Times every request by its route's pattern (`/api/v1/cases/:name`, never the raw URL, so the
 * series stay few); a request no route matched is `unmatched`. Installed before the routes.
 */
export function installRequestMetrics(app: FastifyInstance, metrics: StoreMetrics) {
  app.addHook('onResponse', (req, reply, done) => {
    metrics.requestEnded(req.routeOptions.url ?? 'unmatched', req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
