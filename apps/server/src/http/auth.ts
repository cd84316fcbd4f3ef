import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { sessions, users } from '../db/schema.ts';
import type { Executor } from '../db/client.ts';
import { AppError } from './errors.ts';

export interface AuthUser {
  id: number;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}

export async function findSessionUser(db: Executor, token: string): Promise<AuthUser | null> {
  const rows = await db
    .select({ id: users.id, isAdmin: users.isAdmin })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** The signed-in player, or the `authentication` error. */
export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.authUser) throw new AppError('authentication');
  return req.authUser;
}
