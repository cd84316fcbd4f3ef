import { and, eq, inArray, sql } from 'drizzle-orm';
import { ITEM_TYPE, type ItemStatus } from '@store/shared/constants';
import type { Executor, Tx } from '../../db/client.ts';
import { inventoryItems, type StakedItem } from './schema.ts';

export type { StakedItem };
import { AppError } from '../../http/errors.ts';
import { freeDropsLocked, refuseIfLocked, unlessLocked } from './free-drop-lock.ts';

/** Only skins go into games and to Steam: a pack is unpacked first, a balance credit is paid in (decision 019). */
export const isSkin = sql`${inventoryItems.itemKey} in (select key from catalogue_items where type = ${ITEM_TYPE.skin})`;

/**
 * Moves a player's items from `progress` into a game (`to_upgrade`, `to_contract`) with one
 * conditional update. If any id is not the player's or no longer in `progress` the count falls
 * short and the whole call is refused with `invalidItem`; the caller's transaction rolls back.
 * Two games staking the same item can therefore never both take it. A free drop is not staked
 * before the player's first deposit (`item_locked_until_deposit`, decision 058): a game's win is
 * sellable, so staking it would launder the lock.
 */
export async function stakeItems(tx: Tx, opts: { userId: number; ids: readonly number[]; status: Extract<ItemStatus, 'to_upgrade' | 'to_contract'> }): Promise<StakedItem[]> {
  const ids = [...new Set(opts.ids)];
  const locked = await freeDropsLocked(tx, opts.userId);
  const rows = await tx
    .update(inventoryItems)
    .set({ status: opts.status, updatedAt: new Date() })
    .where(and(eq(inventoryItems.userId, opts.userId), eq(inventoryItems.status, 'progress'), inArray(inventoryItems.id, ids), isSkin, unlessLocked(locked)))
    .returning({ id: inventoryItems.id, key: inventoryItems.itemKey, price: inventoryItems.price });
  if (rows.length !== ids.length) {
    await refuseIfLocked(tx, { userId: opts.userId, ids, locked });
    throw new AppError('invalidItem');
  }
  return rows.sort((a, b) => a.id - b.id);
}

/** The same check without taking anything: for previews. */
export async function readStakeable(db: Executor, opts: { userId: number; ids: readonly number[] }): Promise<StakedItem[]> {
  const ids = [...new Set(opts.ids)];
  const locked = await freeDropsLocked(db, opts.userId);
  const rows = await db
    .select({ id: inventoryItems.id, key: inventoryItems.itemKey, price: inventoryItems.price })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.userId, opts.userId), eq(inventoryItems.status, 'progress'), inArray(inventoryItems.id, ids), isSkin, unlessLocked(locked)));
  if (rows.length !== ids.length) {
    await refuseIfLocked(db, { userId: opts.userId, ids, locked });
    throw new AppError('invalidItem');
  }
  return rows.sort((a, b) => a.id - b.id);
}
