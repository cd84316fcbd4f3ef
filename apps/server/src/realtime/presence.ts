import type { Redis } from 'ioredis';

/**
 * Who is watching a channel right now, across every process of the store. A viewer is one
 * websocket connection subscribed to the channel; calling an endpoint counts nothing.
 */
export interface Presence {
  join(channel: string, viewer: string): Promise<void>;
  leave(channel: string, viewer: string): Promise<void>;
  count(channel: string): Promise<number>;
  /** Re-announces this process's viewers so they stay counted while it lives. */
  refresh(viewers: Map<string, Set<string>>): Promise<void>;
}

export class MemoryPresence implements Presence {
  private readonly viewers = new Map<string, Set<string>>();
  async join(channel: string, viewer: string) {
    let set = this.viewers.get(channel);
    if (!set) this.viewers.set(channel, (set = new Set()));
    set.add(viewer);
  }
  async leave(channel: string, viewer: string) {
    const set = this.viewers.get(channel);
    set?.delete(viewer);
    if (set && !set.size) this.viewers.delete(channel);
  }
  async count(channel: string) {
    return this.viewers.get(channel)?.size ?? 0;
  }
  async refresh() {}
}

/** How long a viewer stays counted without its process re-announcing it (a killed process's viewers fade out). */
export const PRESENCE_TTL_MS = 30_000;

/**
 * Viewers in a Redis sorted set per channel, scored by when their process last announced them:
 * members of a process that died stop counting after PRESENCE_TTL_MS.
 */
export class RedisPresence implements Presence {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}
  private key(channel: string) {
    return `${this.prefix}:viewers:${channel}`;
  }
  async join(channel: string, viewer: string) {
    const key = this.key(channel);
    await this.redis.multi().zadd(key, Date.now(), viewer).pexpire(key, PRESENCE_TTL_MS * 2).exec();
  }
  async leave(channel: string, viewer: string) {
    await this.redis.zrem(this.key(channel), viewer);
  }
  async count(channel: string) {
    const key = this.key(channel);
    const res = await this.redis.multi().zremrangebyscore(key, '-inf', Date.now() - PRESENCE_TTL_MS).zcard(key).exec();
    return Number(res?.[1]?.[1] ?? 0);
  }
  async refresh(viewers: Map<string, Set<string>>) {
    if (!viewers.size) return;
    const now = Date.now();
    const tx = this.redis.pipeline();
    for (const [channel, set] of viewers) {
      const key = this.key(channel);
      for (const viewer of set) tx.zadd(key, now, viewer);
      tx.pexpire(key, PRESENCE_TTL_MS * 2);
    }
    await tx.exec();
  }
}

/**
 * Redis presence with this process's own viewers kept beside it: while Redis does not answer
 * the counts are this process's (a spectator count, the footer's "online") instead of an error.
 */
export class FallbackPresence implements Presence {
  private readonly local = new MemoryPresence();
  constructor(
    private readonly shared: Presence,
    private readonly onFallback: () => void,
  ) {}
  private async tryShared(work: () => Promise<void>) {
    try {
      await work();
    } catch {
      this.onFallback();
    }
  }
  async join(channel: string, viewer: string) {
    await this.local.join(channel, viewer);
    await this.tryShared(() => this.shared.join(channel, viewer));
  }
  async leave(channel: string, viewer: string) {
    await this.local.leave(channel, viewer);
    await this.tryShared(() => this.shared.leave(channel, viewer));
  }
  async count(channel: string) {
    try {
      return await this.shared.count(channel);
    } catch {
      this.onFallback();
      return this.local.count(channel);
    }
  }
  async refresh(viewers: Map<string, Set<string>>) {
    await this.tryShared(() => this.shared.refresh(viewers));
  }
}
