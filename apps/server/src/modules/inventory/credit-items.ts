import { and, eq, inArray, sql } from 'drizzle-orm';
import { ITEM_TYPE } from '@store/shared/constants';
import { toUnits } from '@store/shared/money';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { creditWallet } from '../wallet/wallet.ts';
import { inventoryItems } from './schema.ts';
import { freeDropsLocked, refuseIfLocked, unlessLocked } from './free-drop-lock.ts';

/**
 * Pays held balance credits (type 3, spec §4) into the balance: the items move `progress` →
 * `completed` by one conditional update and their value is credited with its ledger row in the
 * same transaction. All or nothing: an id that is not the player's credit in `progress` refuses
 * the lot, so a credit is paid exactly once. A credit won free is not paid before the player's
 * first deposit (decision 058).
 */
export async function creditItems(db: Db, o: { userId: number; ids: readonly number[] }) {
  const ids = [...new Set(o.ids)];
  return db.transaction(async (tx) => {
    const locked = await freeDropsLocked(tx, o.userId);
    const paid = await tx
      .update(inventoryItems)
      .set({ status: 'completed', updatedAt: new Date() })
      .where(
        and(
          eq(inventoryItems.userId, o.userId),
          eq(inventoryItems.status, 'progress'),
          inArray(inventoryItems.id, ids),
          sql`${inventoryItems.itemKey} in (select key from catalogue_items where type = ${ITEM_TYPE.credit})`,
          unlessLocked(locked),
        ),
      )
      .returning({ id: inventoryItems.id, price: inventoryItems.price });
    if (paid.length !== ids.length) {
      await refuseIfLocked(tx, { userId: o.userId, ids, locked });
      throw new AppError('invalidItem');
    }
    const amount = paid.reduce((s, r) => s + r.price, 0);
    const sorted = paid.map((r) => r.id).sort((a, b) => a - b);
    const balance = await creditWallet({ tx, userId: o.userId, amount, reason: 'item_credit', ref: `credit:${sorted[0]}`, meta: { items: sorted } });
    return { status: 'credited' as const, ids: sorted, amount: toUnits(amount), balance: toUnits(balance), code: 'itemType3CreditedToTheBalance' as const };
  });
}

/** The item types of a player's items by id, for choosing what a withdrawal does with them. */
export async function itemKeys(db: Db, userId: number, ids: readonly number[]): Promise<{ id: number; key: string }[]> {
  return db
    .select({ id: inventoryItems.id, key: inventoryItems.itemKey })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.userId, userId), inArray(inventoryItems.id, [...new Set(ids)])));
}
