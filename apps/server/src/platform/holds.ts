import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';

/**
 * Short holds on a key, shared by every server process: a holder claims a key until a moment on
 * the store's clock, may extend or release its own claim, and nobody else claims it meanwhile.
 * The one caller is "one opening at a time per player" (modules/cases/reveal-hold.ts). They live in
 * Redis when the store has it and in this process's memory when it runs alone, never in the
 * database: a hold is two round trips on every opening, and the opening's own transaction is
 * what the store's throughput is measured by. Moments come from the store's clock, so a test
 * that moves it (TEST_CLOCK) ends a hold without waiting for it.
 */
export interface Holds {
  /**
   * Claims `key` for `ms`, or takes it over when `request` names the request that holds it (a
   * retry of the same call). Answers the claim's token, or null while someone else holds it.
   */
  claim(key: string, ms: number, request: string | null): Promise<string | null>;
  /** Holds `key` for `ms` from now, if `token` still holds it. */
  extend(key: string, token: string, ms: number): Promise<void>;
  /** Lets `key` go, if `token` still holds it. */
  release(key: string, token: string): Promise<void>;
}

interface Held {
  token: string;
  request: string | null;
  until: number;
}

export class MemoryHolds implements Holds {
  private readonly held = new Map<string, Held>();
  constructor(private readonly clock: Clock) {}

  async claim(key: string, ms: number, request: string | null) {
    const now = this.clock.now().getTime();
    const current = this.held.get(key);
    if (current && current.until > now && (request === null || current.request !== request)) return null;
    const token = randomUUID();
    this.held.set(key, { token, request, until: now + ms });
    if (this.held.size > 100_000) this.sweep(now);
    return token;
  }
  async extend(key: string, token: string, ms: number) {
    const current = this.held.get(key);
    if (current?.token === token) current.until = this.clock.now().getTime() + ms;
  }
  async release(key: string, token: string) {
    if (this.held.get(key)?.token === token) this.held.delete(key);
  }
  private sweep(now: number) {
    for (const [k, h] of this.held) if (h.until <= now) this.held.delete(k);
  }
}

/** How long Redis keeps a hold past its end on the wall clock: only to clear the key away. */
const KEEP_MS = 60_000;

// The value is "<token> <until> <request>"; each script reads and writes it in one step on the Redis server.
const CLAIM = `local v = redis.call('GET', KEYS[1])
if v then
  local _, u, r = string.match(v, '^(%S+) (%d+) (.*)$')
  if u and tonumber(u) > tonumber(ARGV[3]) and (ARGV[5] == '' or r ~= ARGV[5]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1] .. ' ' .. ARGV[2] .. ' ' .. ARGV[5], 'PX', ARGV[4])
return 1`;
const EXTEND = `local v = redis.call('GET', KEYS[1])
if not v then return 0 end
local t, _, r = string.match(v, '^(%S+) (%d+) (.*)$')
if t == ARGV[1] then redis.call('SET', KEYS[1], t .. ' ' .. ARGV[2] .. ' ' .. r, 'PX', ARGV[3]) end
return 0`;
const RELEASE = `local v = redis.call('GET', KEYS[1])
if v and string.match(v, '^(%S+)') == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`;

export class RedisHolds implements Holds {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly clock: Clock,
  ) {}
  async claim(key: string, ms: number, request: string | null) {
    const token = randomUUID();
    const now = this.clock.now().getTime();
    const claimed = await this.redis.eval(CLAIM, 1, `${this.prefix}:${key}`, token, String(now + Math.ceil(ms)), String(now), String(Math.ceil(ms) + KEEP_MS), request ?? '');
    return claimed === 1 ? token : null;
  }
  async extend(key: string, token: string, ms: number) {
    await this.redis.eval(EXTEND, 1, `${this.prefix}:${key}`, token, String(this.clock.now().getTime() + Math.ceil(ms)), String(Math.ceil(ms) + KEEP_MS));
  }
  async release(key: string, token: string) {
    await this.redis.eval(RELEASE, 1, `${this.prefix}:${key}`, token);
  }
}

/**
 * Redis's holds while it answers, this process's own while it does not: an outage lets a player
 * open in two processes at once for its length rather than refusing every opening.
 */
export class FallbackHolds implements Holds {
  constructor(
    private readonly shared: Holds,
    private readonly local: Holds,
    private readonly onFallback: () => void,
  ) {}
  claim(key: string, ms: number, request: string | null) {
    return this.shared.claim(key, ms, request).catch(() => (this.onFallback(), this.local.claim(key, ms, request)));
  }
  extend(key: string, token: string, ms: number) {
    return this.shared.extend(key, token, ms).catch(() => (this.onFallback(), this.local.extend(key, token, ms)));
  }
  release(key: string, token: string) {
    return this.shared.release(key, token).catch(() => (this.onFallback(), this.local.release(key, token)));
  }
}
