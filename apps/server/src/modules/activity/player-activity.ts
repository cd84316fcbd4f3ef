import { desc, eq, sql } from 'drizzle-orm';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import { activities } from './schema.ts';

/**
 * A player's openings and games, newest first, from the activity stream every game writes in its
 * own transaction: one list of everything the player did, for the operator console.
 */
export async function listPlayerActivity(db: Executor, o: { userId: number; page: number; perPage: number }) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(activities)
      .where(eq(activities.userId, o.userId))
      .orderBy(desc(activities.id))
      .limit(o.perPage)
      .offset((o.page - 1) * o.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(activities).where(eq(activities.userId, o.userId)),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: toUnits(r.amount),
      won: toUnits(r.won),
      count: r.count,
      case_id: r.caseId,
      ref: r.ref,
      at: r.createdAt.toISOString(),
    })),
    total: Number(count?.n ?? 0),
  };
}
