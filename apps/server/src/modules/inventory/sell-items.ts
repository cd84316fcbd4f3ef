import { and, eq, inArray, ne } from 'drizzle-orm';
import { toUnits } from '@store/shared/money';
import type { SellResponse } from '@store/shared/api/inventory';
import type { Db, Executor } from '../../db/client.ts';
import { inventoryItems } from './schema.ts';
import { AppError } from '../../http/errors.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { creditWallet, getBalance } from '../wallet/wallet.ts';
import { activeItemsValue } from './list-inventory.ts';
import { recordActivity } from '../activity/record-activity.ts';
import { freeDropsLocked, refuseIfLocked, unlessLocked } from './free-drop-lock.ts';

/** The status a sold item ends in: the sale is paid at once, so it never waits in `accepted`. */
export const SOLD_STATUS = 'selled';

/** Items by id, everything in `progress`, or everything one game gave (e.g. a battle's winnings). */
/** `all` may carry what the player was shown: the count and the sum (minor units) a sale must match. */
export type SellSelection = { ids: number[] } | { all: true; expected?: { count?: number; total?: number } } | { sourceRef: string };

/**
 * Whether any of `ids` is another player's item: selling it is refused as not the owner's
 * (spec §8 invalidUser), where an item sold already or unknown is `invalidItem`. Item ids are
 * public (a profile lists them), so saying whose an item is tells nothing new.
 */
async function ownedByOthers(tx: Executor, userId: number, ids: number[]): Promise<boolean> {
  const found = await tx
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(and(inArray(inventoryItems.id, ids), ne(inventoryItems.userId, userId)))
    .limit(1);
  return found.length > 0;
}

/**
 * Sells items for their price. The status change is one conditional update (only the owner's
 * items still in `progress`), so a second sell of the same item matches nothing and credits
 * nothing. Selling a list is all-or-nothing: one item that cannot be sold refuses the lot.
 * Free drops are not sold before the player's first deposit (decision 058): a list naming one is
 * refused, "sell all" and a game's winnings leave them held.
 */
export async function sellItems(opts: { db: Db; userId: number; selection: SellSelection; idempotencyKey?: IdempotencyKey }): Promise<SellResponse> {
  const { db, userId, selection } = opts;
  if ('ids' in selection && selection.ids.length === 0) {
    // Spec §5: nothing is sold for an empty list; the answer still carries the balances.
    return { sold: [], amount: 0, balance: toUnits(await getBalance(db, userId)), total_amount_items: toUnits(await activeItemsValue(db, userId)) };
  }
  const { value } = await runOnce(db, { userId, key: opts.idempotencyKey, route: 'sell' }, async (tx) => {
    const ids = 'ids' in selection ? [...new Set(selection.ids)] : null;
    const locked = await freeDropsLocked(tx, userId);
    const sold = await tx
      .update(inventoryItems)
      .set({ status: SOLD_STATUS, updatedAt: new Date() })
      .where(
        and(
          eq(inventoryItems.userId, userId),
          eq(inventoryItems.status, 'progress'),
          ids ? inArray(inventoryItems.id, ids) : undefined,
          'sourceRef' in selection ? eq(inventoryItems.sourceRef, selection.sourceRef) : undefined,
          unlessLocked(locked),
        ),
      )
      .returning({ id: inventoryItems.id, price: inventoryItems.price });
    if (ids && sold.length !== ids.length) {
      if (await ownedByOthers(tx, userId, ids)) throw new AppError('invalidUser');
      await refuseIfLocked(tx, { userId, ids, locked });
      throw new AppError('invalidItem');
    }
    const amount = sold.reduce((s, r) => s + r.price, 0);
    // Throwing rolls the update back: nothing is sold unless it is exactly what was confirmed.
    const expected = 'all' in selection ? selection.expected : undefined;
    if (expected && ((expected.count !== undefined && expected.count !== sold.length) || (expected.total !== undefined && expected.total !== amount))) {
      throw new AppError('inventory_changed');
    }
    const soldIds = sold.map((r) => r.id).sort((a, b) => a - b);
    const balance = sold.length
      ? await creditWallet({ tx, userId, amount, reason: 'item_sale', ref: `sale:${soldIds[0]}`, meta: { items: soldIds } })
      : await getBalance(tx, userId);
    if (sold.length) await recordActivity(tx, { kind: 'sale', userId, won: amount, count: sold.length, ref: `sale:${soldIds[0]}` });
    const rest = await activeItemsValue(tx, userId);
    return { sold: soldIds, amount: toUnits(amount), balance: toUnits(balance), total_amount_items: toUnits(rest) } satisfies SellResponse;
  });
  return value;
}
