/**
 * What one client may hold of the websocket hub: open sockets per client address and per
 * session (WS_MAX_PER_ADDRESS, WS_MAX_PER_SESSION), counted on this process. A socket takes its
 * slots before the upgrade and gives them back when its connection closes.
 */
export class SocketSlots {
  private readonly byAddress = new Map<string, number>();
  private readonly bySession = new Map<string, number>();

  constructor(private readonly limits: { perAddress: number; perSession: number }) {}

  /** Takes the slots of a new socket, or names the limit it would pass; `release` gives taken slots back, once. */
  take(address: string, session: string | null): { refused: 'address' | 'session' } | { refused: null; release: () => void } {
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) return { refused: 'address' };
    if (session !== null && (this.bySession.get(session) ?? 0) >= this.limits.perSession) return { refused: 'session' };
    bump(this.byAddress, address, 1);
    if (session !== null) bump(this.bySession, session, 1);
    let released = false;
    return {
      refused: null,
      release: () => {
        if (released) return;
        released = true;
        bump(this.byAddress, address, -1);
        if (session !== null) bump(this.bySession, session, -1);
      },
    };
  }
}

function bump(map: Map<string, number>, key: string, by: number) {
  const n = (map.get(key) ?? 0) + by;
  // Keys of closed sockets go, so the maps hold only clients that have sockets open.
  if (n > 0) map.set(key, n);
  else map.delete(key);
}

/**
 * One warn line per key (a client address) per period, however many times it is told: a client
 * sending garbage as fast as it can leaves a line a minute, with the count of what it held back.
 */
export class LogThrottle {
  private readonly last = new Map<string, { at: number; held: number }>();

  constructor(
    private readonly periodMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Whether to write a line for `key` now; when so, how many were held back since the last. */
  pass(key: string, now = Date.now()): { held: number } | null {
    const seen = this.last.get(key);
    if (seen && now - seen.at < this.periodMs) {
      seen.held++;
      return null;
    }
    // Many addresses in one period: forget the oldest rather than grow without bound.
    if (!seen && this.last.size >= this.maxKeys) this.prune(now);
    this.last.set(key, { at: now, held: 0 });
    return { held: seen?.held ?? 0 };
  }

  /** Addresses remembered now (bounded by `maxKeys`). */
  get size(): number {
    return this.last.size;
  }

  private prune(now: number) {
    for (const [key, v] of this.last) if (now - v.at >= this.periodMs) this.last.delete(key);
    // Still full of addresses seen this period: drop the oldest entry (Map keeps insertion order).
    if (this.last.size >= this.maxKeys) this.last.delete(this.last.keys().next().value!);
  }
}
