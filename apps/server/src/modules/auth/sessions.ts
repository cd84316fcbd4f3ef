import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { hashToken, newToken } from '../../http/auth.ts';

export async function issueSession(db: Executor, userId: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId });
  return token;
}

/** Ends one session; a token already revoked or unknown is not an error (logout is idempotent). */
export async function revokeSession(db: Executor, token: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length > 0;
}

/** Ends every open session of a player ("sign out everywhere"); returns how many were open. */
export async function revokeAllSessions(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length;
}
