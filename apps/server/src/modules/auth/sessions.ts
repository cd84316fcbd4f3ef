import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, like } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions } from './schema.ts';
import type { AuthUser } from '../../http/auth.ts';
import { findAccess } from '../users/accounts.ts';
import { AppError } from '../../http/errors.ts';

export const newToken = (): string => randomBytes(32).toString('base64url');
/** Tokens are kept as sha256 hashes: a leaked table signs nobody in. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The player behind an open session, or null for an unknown or revoked token. */
export async function findSessionUser(db: Executor, token: string): Promise<AuthUser | null> {
  const rows = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .limit(1);
  return rows[0] ? findAccess(db, rows[0].userId) : null;
}

/**
 * A token taken up as it is (external token sign-in): the account behind an open session, refused
 * like a password sign-in when the token is unknown or revoked, or the account is blocked.
 */
export async function takeUpSession(db: Executor, token: string): Promise<AuthUser> {
  const user = await findSessionUser(db, token);
  if (!user) throw new AppError('invalid_credentials');
  if (user.blocked) throw new AppError('account_blocked');
  return user;
}

/**
 * A new session for the account. Every way in (password, provider, registration) comes here, so a
 * blocked account gets none; the request hook refuses one that slips past a block made meanwhile.
 */
export async function issueSession(db: Executor, userId: number, userAgent?: string): Promise<string> {
  if ((await findAccess(db, userId))?.blocked) throw new AppError('account_blocked');
  const token = newToken();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, userAgent: userAgent?.slice(0, 300) ?? null });
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

/** A session's public id: the first 16 hex digits of its token hash (never the token). */
export const sessionId = (tokenHash: string): string => tokenHash.slice(0, 16);

/** The player's open sessions, newest first, for the profile's list. */
export async function listOpenSessions(db: Executor, userId: number) {
  return db
    .select({ tokenHash: sessions.tokenHash, createdAt: sessions.createdAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(desc(sessions.createdAt))
    .limit(50);
}

/** Ends one of the player's own sessions by its public id; the token hash it ended, or null. */
export async function revokeSessionById(db: Executor, userId: number, id: string): Promise<string | null> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), like(sessions.tokenHash, `${id}%`), isNull(sessions.revokedAt)))
    .returning({ tokenHash: sessions.tokenHash });
  return row?.tokenHash ?? null;
}
