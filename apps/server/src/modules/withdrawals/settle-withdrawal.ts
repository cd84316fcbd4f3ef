import { and, desc, eq } from 'drizzle-orm';
import type { WithdrawalState } from '@store/shared/withdrawals';
import type { Db } from '../../db/client.ts';
import { setWithdrawalStatus } from '../inventory/withdraw-items.ts';
import { withdrawals } from './schema.ts';

/** Withdrawals in one state, newest first: the operators' queue is `support`. */
export async function listWithdrawals(db: Db, state: WithdrawalState) {
  const list = await db.select().from(withdrawals).where(eq(withdrawals.state, state)).orderBy(desc(withdrawals.id)).limit(200);
  return list.map((w) => ({
    id: w.id,
    user_id: w.userId,
    item_id: w.itemId,
    item: w.itemKey,
    custom_id: w.customId,
    vendor_order_id: w.vendorOrderId,
    trade_id: w.tradeId,
    reason: w.reason,
    placed_at: w.placedAt?.toISOString() ?? null,
    updated_at: w.updatedAt.toISOString(),
  }));
}

/**
 * An operator settles a withdrawal from the queue once the marketplace has been asked: the skin
 * was delivered (`accepted`, the item `STEAM_WITHDRAWN`) or will not be (`failed`, the item back in
 * `progress`). A conditional update on `support`: settling twice, or a withdrawal the worker still
 * moves, changes nothing.
 */
export async function settleWithdrawal(db: Db, o: { id: number; outcome: 'delivered' | 'returned'; operator: string }) {
  return db.transaction(async (tx) => {
    const to: WithdrawalState = o.outcome === 'delivered' ? 'accepted' : 'failed';
    const [w] = await tx
      .update(withdrawals)
      .set({ state: to, reason: `operator:${o.operator}`, updatedAt: new Date() })
      .where(and(eq(withdrawals.id, o.id), eq(withdrawals.state, 'support')))
      .returning();
    if (!w) return null;
    await setWithdrawalStatus(tx, w.itemId, to === 'accepted' ? 'STEAM_WITHDRAWN' : 'progress');
    return { id: w.id, item_id: w.itemId, state: w.state };
  });
}
