import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { inventoryItems } from './schema.ts';

type DepositCheck = (db: Executor, userId: number) => Promise<boolean>;
let hasDeposited: DepositCheck | null = null;

/**
 * The payments module tells, at start-up, whether a player has ever completed a deposit: the
 * payments are its tables, and it sits above inventory, so inventory never imports it.
 */
export function registerDepositCheck(check: DepositCheck): void {
  hasDeposited = check;
}

/**
 * Whether a player's free drops are locked now: until their first completed deposit (decision
 * 058). Asked inside the transaction that sells, withdraws, exchanges or stakes, so the answer
 * and the use agree; a deposit landing meanwhile only unlocks.
 */
export async function freeDropsLocked(db: Executor, userId: number): Promise<boolean> {
  if (!hasDeposited) throw new Error('free drops: the payments module has not registered its deposit check');
  return !(await hasDeposited(db, userId));
}

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
