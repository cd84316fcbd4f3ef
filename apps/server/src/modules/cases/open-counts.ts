import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { caseOpens, userCaseOpens } from './schema.ts';

/** How many times a player opened each of these cases (the every-N-th-free counters). */
export async function openCountsOf(db: Executor, userId: number, caseIds: readonly number[]): Promise<Map<number, number>> {
  if (!caseIds.length) return new Map();
  const found = await db
    .select({ caseId: userCaseOpens.caseId, opens: userCaseOpens.opens })
    .from(userCaseOpens)
    .where(and(eq(userCaseOpens.userId, userId), inArray(userCaseOpens.caseId, [...caseIds])));
  return new Map(found.map((r) => [r.caseId, r.opens]));
}

/** A player's openings of one case and the event coins they gave (the event's personal progress). */
export async function openingsOfCase(db: Executor, userId: number, caseId: number): Promise<{ opened: number; coins: number }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, coins: sql<number>`coalesce(sum(${caseOpens.coins}), 0)::int` })
    .from(caseOpens)
    .where(and(eq(caseOpens.userId, userId), eq(caseOpens.caseId, caseId)));
  return { opened: row?.n ?? 0, coins: row?.coins ?? 0 };
}
