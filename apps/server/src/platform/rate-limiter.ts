import type { Redis } from 'ioredis';

/**
 * Counts events per key in fixed windows. With Redis the count is shared by every server
 * process; without it (one process on PGlite) memory is enough.
 */
export interface RateLimiter {
  /** Counts one more event for `key`; true while the key is within its limit. */
  hit(key: string): Promise<boolean>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}
  async hit(key: string) {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 100_000) this.sweep(now);
    }
    w.count++;
    return w.count <= this.limit;
  }
  private sweep(now: number) {
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
  }
}

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}
  async hit(key: string) {
    const bucket = Math.floor(Date.now() / this.windowMs);
    const k = `${this.prefix}:${key}:${bucket}`;
    const [[, count]] = (await this.redis.multi().incr(k).pexpire(k, this.windowMs * 2).exec()) as [[unknown, number], unknown];
    return count <= this.limit;
  }
}
