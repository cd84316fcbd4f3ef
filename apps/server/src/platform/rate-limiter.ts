import type { Redis } from 'ioredis';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

type Counted = { current: number; ttl: number };

/** Fixed windows in process memory, for @fastify/rate-limit while Redis is away. */
class LocalWindows {
  private readonly windows = new Map<string, { start: number; count: number }>();
  incr(key: string, windowMs: number): Counted {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) {
      if (this.windows.size > 100_000) for (const [k, old] of this.windows) if (now - old.start >= windowMs) this.windows.delete(k);
      this.windows.set(key, (w = { start: now, count: 0 }));
    }
    w.count++;
    return { current: w.count, ttl: windowMs - (now - w.start) };
  }
}

/**
 * @fastify/rate-limit's store on Redis that falls back to this process's memory when Redis
 * does not answer (the plugin's own Redis store fails the request instead). One round trip:
 * SET NX PX starts a window, INCR counts in it, PTTL tells the rest.
 */
export function fallbackRateLimitStore(redis: Redis, nameSpace: string, onFallback: () => void): FastifyRateLimitStoreCtor {
  class Store implements FastifyRateLimitStore {
    private readonly local = new LocalWindows();
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = nameSpace,
    ) {}
    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow?: number) {
      const windowMs = timeWindow ?? 60_000;
      const k = `${this.prefix}${key}`;
      const fallBack = () => {
        onFallback();
        callback(null, this.local.incr(k, windowMs));
      };
      if (redis.status !== 'ready') return fallBack();
      redis
        .multi()
        .set(k, 0, 'PX', windowMs, 'NX')
        .incr(k)
        .pttl(k)
        .exec()
        .then((res) => {
          const current = Number(res?.[1]?.[1]);
          const ttl = Number(res?.[2]?.[1]);
          if (!res || res.some(([err]) => err) || !Number.isFinite(current)) return fallBack();
          callback(null, { current, ttl: ttl > 0 ? ttl : windowMs });
        }, fallBack);
    }
    child(params: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin hands the route's merged limit with the route under routeInfo (its types say otherwise).
      const route = (params as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new Store({}, `${this.prefix}${String(route?.method ?? '')}${route?.url ?? ''}-`);
    }
  }
  return Store as unknown as FastifyRateLimitStoreCtor;
}
