import { Redis, type RedisOptions } from 'ioredis';

/** What the store does with Redis, the label of the fallbacks metric. */
export type RedisUse = 'bus' | 'rate_limit' | 'presence';

/**
 * Options of the clients a request waits on: while Redis is away a command fails at once (no
 * offline queue) or within the timeout (a dead peer that never answers), never after ioredis'
 * retries; reconnecting goes on in the background, at most every two seconds.
 */
export const FAIL_FAST: RedisOptions = {
  enableOfflineQueue: false,
  commandTimeout: 500,
  maxRetriesPerRequest: 1,
  connectTimeout: 2_000,
  retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 5), 2_000),
};

/** Where REDIS_URL points, without its credentials, for messages. */
export function redisPlace(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '6379'}`;
  } catch {
    return 'an unreadable address';
  }
}

const reason = (err: unknown) => (err as { code?: string })?.code ?? (err as Error)?.message ?? String(err);

/** Resolves at a client's first ready or first failure, whichever comes first: start-up never waits on an absent Redis. */
export function firstContact(client: Redis): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      client.off('ready', done);
      client.off('error', done);
      client.off('end', done);
      resolve();
    };
    client.once('ready', done);
    client.once('error', done);
    client.once('end', done);
  });
}

/**
 * The store's clients of one Redis. Each client's errors land here (ioredis prints "Unhandled
 * error event" for a client without a listener, once per reconnect); the log gets one line when
 * Redis goes away and one when it is back, and every command the store did without counts.
 */
export class RedisLink {
  private readonly fallbacks = new Map<RedisUse, number>();
  private readonly clients: Redis[] = [];
  private away = false;

  constructor(
    readonly url: string,
    private readonly log: { warn(msg: string): void; info(msg: string): void },
  ) {}

  open(options: RedisOptions = FAIL_FAST): Redis {
    const client = new Redis(this.url, options);
    client.on('error', (err: unknown) => this.lost(err));
    client.on('ready', () => this.back());
    this.clients.push(client);
    return client;
  }

  /** A command skipped or failed while Redis was away; the store went on without it. */
  fellBack(use: RedisUse): void {
    this.fallbacks.set(use, (this.fallbacks.get(use) ?? 0) + 1);
  }

  fallbackCounts(): ReadonlyMap<RedisUse, number> {
    return this.fallbacks;
  }

  private lost(err: unknown) {
    if (this.away) return;
    this.away = true;
    this.log.warn(
      `Redis at REDIS_URL (${redisPlace(this.url)}) is unreachable (${reason(err)}): the store serves on with rate limits per process and live events of this process only, /api/ready answers 503, and it reconnects by itself; start Redis there or fix REDIS_URL`,
    );
  }

  private back() {
    if (!this.away || this.clients.some((c) => c.status !== 'ready')) return;
    this.away = false;
    this.log.info(`Redis at REDIS_URL (${redisPlace(this.url)}) is reachable again`);
  }

  close() {
    for (const c of this.clients) c.disconnect();
  }
}
