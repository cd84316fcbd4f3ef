import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { hasDeposited } from '../payments/first-deposit.ts';
import { inventoryItems } from './schema.ts';

/**
 * Whether a player's free drops are locked now: until their first completed deposit (decision
 * 058). Asked inside the transaction that sells, withdraws, exchanges or stakes, so the answer
 * and the use agree; a deposit landing meanwhile only unlocks.
 */
export const freeDropsLocked = async (db: Executor, userId: number): Promise<boolean> => !(await hasDeposited(db, userId));

/** The condition a conditional update of held items adds while the player's free drops are locked. */
export const unlessLocked = (locked: boolean) => (locked ? eq(inventoryItems.freeDrop, false) : undefined);

/**
 * Why an update of `ids` fell short, if it was the lock: one of them is the player's free drop
 * still held while the lock holds. Refuses with `item_locked_until_deposit` then.
 */
export async function refuseIfLocked(db: Executor, o: { userId: number; ids: readonly number[]; locked: boolean }): Promise<void> {
  if (!o.locked || !o.ids.length) return;
  const found = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.userId, o.userId), inArray(inventoryItems.id, [...o.ids]), eq(inventoryItems.status, 'progress'), eq(inventoryItems.freeDrop, true)))
    .limit(1);
  if (found.length) throw new AppError('item_locked_until_deposit');
}
