import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { inventoryItems } from './schema.ts';
import { isSkin } from './stake-items.ts';
import { freeDropsLocked, refuseIfLocked, unlessLocked } from './free-drop-lock.ts';

/** Statuses of an item whose withdrawal is under way (spec §3). */
export const WITHDRAWING_STATUSES = ['PREPARING', 'vendor waiting', 'send', 'support'] as const;
export type WithdrawingStatus = (typeof WITHDRAWING_STATUSES)[number];

/**
 * Moves a player's items from `progress` to `PREPARING` with the countdown of spec §9, by one
 * conditional update: of a withdrawal, a sale, an upgrade and a contract of the same item, one
 * takes it. Refused whole when an id is not the player's item in `progress`: `inWithdrawalProcess`
 * when one is already being withdrawn, `item_locked_until_deposit` for a free drop before the
 * player's first deposit (decision 058), `invalidItem` otherwise.
 */
export async function takeForWithdrawal(tx: Tx, o: { userId: number; ids: readonly number[]; timerEndsAt: Date }): Promise<{ id: number; key: string; price: number }[]> {
  const ids = [...new Set(o.ids)];
  const locked = await freeDropsLocked(tx, o.userId);
  const rows = await tx
    .update(inventoryItems)
    .set({ status: 'PREPARING', timerEndsAt: o.timerEndsAt, updatedAt: new Date() })
    .where(and(eq(inventoryItems.userId, o.userId), eq(inventoryItems.status, 'progress'), inArray(inventoryItems.id, ids), isSkin, unlessLocked(locked)))
    .returning({ id: inventoryItems.id, key: inventoryItems.itemKey, price: inventoryItems.price });
  if (rows.length === ids.length) return rows.sort((a, b) => a.id - b.id);
  // Of the items this call could not take, is one already being withdrawn?
  const taken = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !taken.has(id));
  const busy = await tx
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.userId, o.userId), inArray(inventoryItems.id, missing), inArray(inventoryItems.status, [...WITHDRAWING_STATUSES])));
  if (busy.length) throw new AppError('inWithdrawalProcess');
  await refuseIfLocked(tx, { userId: o.userId, ids: missing, locked });
  throw new AppError('invalidItem');
}

/**
 * Moves a withdrawn item to the status its withdrawal reached, if it is still being withdrawn (a
 * conditional update: nothing else can have taken it meanwhile). The countdown shows only while
 * the purchase is placed; back in `progress` it is cleared (spec §4).
 */
export async function setWithdrawalStatus(tx: Tx, itemId: number, status: WithdrawingStatus | 'STEAM_WITHDRAWN' | 'progress'): Promise<boolean> {
  return (await setWithdrawalStatuses(tx, [itemId], status)) > 0;
}

/** The same for many items moving together (a batch of purchases placed); how many moved. */
export async function setWithdrawalStatuses(tx: Tx, itemIds: readonly number[], status: WithdrawingStatus | 'STEAM_WITHDRAWN' | 'progress'): Promise<number> {
  if (!itemIds.length) return 0;
  const rows = await tx
    .update(inventoryItems)
    .set({ status, ...(status === 'PREPARING' ? {} : { timerEndsAt: null }), updatedAt: new Date() })
    .where(and(inArray(inventoryItems.id, [...itemIds]), inArray(inventoryItems.status, [...WITHDRAWING_STATUSES])))
    .returning({ id: inventoryItems.id });
  return rows.length;
}
