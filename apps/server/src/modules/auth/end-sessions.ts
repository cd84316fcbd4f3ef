import type { Db } from '../../db/client.ts';
import { hashToken } from './sessions.ts';
import { SESSIONS_CHANNEL, type SessionCache } from './session-cache.ts';
import type { Bus } from '../../realtime/bus.ts';
import { revokeAllSessions, revokeSession } from './sessions.ts';

interface SessionDeps {
  db: Db;
  sessions: SessionCache;
  bus: Bus;
}

/**
 * Signs one session out: revoked in the database, forgotten by this process at once and
 * announced so every other process forgets it too (their caches would otherwise keep it a while).
 */
export async function endSession({ db, sessions, bus }: SessionDeps, token: string): Promise<boolean> {
  const revoked = await revokeSession(db, token);
  sessions.forget(token);
  bus.publish(SESSIONS_CHANNEL, 'revoked', { tokenHash: hashToken(token) });
  return revoked;
}

/** "Sign out everywhere": every session of the player, the same way; returns how many were open. */
export async function endAllSessions({ db, sessions, bus }: SessionDeps, userId: number): Promise<number> {
  const revoked = await revokeAllSessions(db, userId);
  sessions.forgetUser(userId);
  bus.publish(SESSIONS_CHANNEL, 'revoked', { userId });
  return revoked;
}
