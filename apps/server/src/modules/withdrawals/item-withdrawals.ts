import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { withdrawals } from './schema.ts';

/** The withdrawals of a player's items, oldest first per item: an item's history in the operator console (by the player's index). */
export async function withdrawalsOfItems(db: Executor, userId: number, itemIds: readonly number[]) {
  const byItem = new Map<number, { id: number; state: string; reason: string | null; attempts: number; created_at: string; updated_at: string }[]>();
  if (!itemIds.length) return byItem;
  const rows = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.itemId, [...itemIds])))
    .orderBy(asc(withdrawals.id));
  for (const w of rows) {
    const list = byItem.get(w.itemId) ?? [];
    list.push({ id: w.id, state: w.state, reason: w.reason, attempts: w.attempts, created_at: w.createdAt.toISOString(), updated_at: w.updatedAt.toISOString() });
    byItem.set(w.itemId, list);
  }
  return byItem;
}
