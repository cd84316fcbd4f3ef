import { and, asc, eq } from 'drizzle-orm';
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
