import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SigninProvider } from '@store/shared/account';
import type { Executor } from '../../db/client.ts';
import { userIdentities } from './schema.ts';

export type IdentityRow = typeof userIdentities.$inferSelect;

/** The providers linked to an account, in the order they were linked. */
export async function findIdentities(db: Executor, userId: number): Promise<IdentityRow[]> {
  return db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(asc(userIdentities.createdAt));
}

/** The account a provider identity belongs to, or null. */
export async function findIdentityOwner(db: Executor, provider: SigninProvider, subject: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  return row?.userId ?? null;
}

/** Each account's identity subject at one provider (SteamID64 for Steam), for lists of players; one query. */
export async function subjectsOf(db: Executor, provider: SigninProvider, userIds: number[]): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: userIdentities.userId, subject: userIdentities.subject })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), inArray(userIdentities.userId, userIds)));
  return new Map(rows.map((r) => [r.userId, r.subject]));
}
