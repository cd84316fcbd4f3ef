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

/** How many times each case was opened, by everyone (the console's list). */
export async function opensPerCase(db: Executor): Promise<Map<number, number>> {
  const found = await db.select({ caseId: caseOpens.caseId, n: sql<number>`count(*)::int` }).from(caseOpens).groupBy(caseOpens.caseId);
  return new Map(found.map((r) => [r.caseId, Number(r.n)]));
}

/** How many openings of one case each of its odds versions rolled. */
export async function opensPerOdds(db: Executor, caseId: number): Promise<Map<number, number>> {
  const found = await db
    .select({ oddsId: caseOpens.oddsId, n: sql<number>`count(*)::int` })
    .from(caseOpens)
    .where(eq(caseOpens.caseId, caseId))
    .groupBy(caseOpens.oddsId);
  return new Map(found.map((r) => [r.oddsId, Number(r.n)]));
}
