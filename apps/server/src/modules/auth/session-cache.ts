import type { Executor } from '../../db/client.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { AuthUser } from '../../http/auth.ts';
import { findSessionUser, hashToken } from './sessions.ts';

const TTL_MS = 15_000;
const MAX_ENTRIES = 50_000;
export const SESSIONS_CHANNEL = 'internal:sessions';

/**
 * Remembers who a token belongs to for a few seconds, so a busy player's requests do not each
 * look the session up. A revocation is announced on the bus and every process forgets the
 * token at once; the short lifetime bounds anything a lost announcement could leave behind.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: AuthUser; at: number }>();
  private readonly stop: () => void;

  constructor(
    private readonly db: Executor,
    bus: Bus,
  ) {
    this.stop = bus.listen((msg) => {
      if (msg.channel !== SESSIONS_CHANNEL) return;
      const data = msg.data as { tokenHash?: string; userId?: number };
      if (data.tokenHash) this.entries.delete(data.tokenHash);
      if (data.userId !== undefined) this.forgetUser(data.userId);
    });
  }

  async resolve(token: string): Promise<AuthUser | null> {
    const key = hashToken(token);
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.user;
    const user = await findSessionUser(this.db, token);
    if (user) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { user, at: Date.now() });
    } else this.entries.delete(key);
    return user;
  }

  /** Forgets a token here now (the bus tells the other processes). */
  forget(token: string) {
    this.entries.delete(hashToken(token));
  }

  /** Forgets every token of a player here now (the bus tells the other processes). */
  forgetUser(userId: number) {
    for (const [k, v] of this.entries) if (v.user.id === userId) this.entries.delete(k);
  }

  close() {
    this.stop();
  }
}
