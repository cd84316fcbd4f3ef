import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { sandboxSigninGrants } from '../schema.ts';

/** Remembers something the sandbox provider issued (a code, a nonce, a token, a profile). */
export async function keepGrant(db: Executor, code: string, provider: string, payload: Record<string, unknown>): Promise<void> {
  await db
    .insert(sandboxSigninGrants)
    .values({ code, provider, payload })
    .onConflictDoUpdate({ target: sandboxSigninGrants.code, set: { payload, usedAt: null, createdAt: sql`now()` } });
}

/**
 * Takes a one-use grant: only the first caller gets its payload (a conditional update), and only
 * within `maxAgeMs` of its issue, as a real provider honours a code once and briefly.
 */
export async function takeGrant<T>(db: Executor, code: string, provider: string, maxAgeMs: number): Promise<T | null> {
  const [row] = await db
    .update(sandboxSigninGrants)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(sandboxSigninGrants.code, code),
        eq(sandboxSigninGrants.provider, provider),
        isNull(sandboxSigninGrants.usedAt),
        sql`${sandboxSigninGrants.createdAt} > now() - make_interval(secs => ${maxAgeMs / 1000})`,
      ),
    )
    .returning({ payload: sandboxSigninGrants.payload });
  return (row?.payload as T | undefined) ?? null;
}

/** Reads a lasting grant (a profile, an access token) without using it up. */
export async function readGrant<T>(db: Executor, code: string, provider: string): Promise<T | null> {
  const [row] = await db
    .select({ payload: sandboxSigninGrants.payload })
    .from(sandboxSigninGrants)
    .where(and(eq(sandboxSigninGrants.code, code), eq(sandboxSigninGrants.provider, provider)));
  return (row?.payload as T | undefined) ?? null;
}
