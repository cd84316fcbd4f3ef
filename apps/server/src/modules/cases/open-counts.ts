import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userCaseOpens } from './schema.ts';

/** How many times a player opened each of these cases (the every-N-th-free counters). */
export async function openCountsOf(db: Executor, userId: number, caseIds: readonly number[]): Promise<Map<number, number>> {
  if (!caseIds.length) return new Map();
  const found = await db
    .select({ caseId: userCaseOpens.caseId, opens: userCaseOpens.opens })
    .from(userCaseOpens)
    .where(and(eq(userCaseOpens.userId, userId), inArray(userCaseOpens.caseId, [...caseIds])));
  return new Map(found.map((r) => [r.caseId, r.opens]));
}
