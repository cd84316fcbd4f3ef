import { desc, eq } from 'drizzle-orm';
import type { WithdrawalState } from '@store/shared/withdrawals';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { actOnWithdrawal, type ActingOperator } from './operator-actions.ts';
import { withdrawals } from './schema.ts';
import type { SkinVendor } from './vendor.ts';

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
 * `npm run admin -- withdrawal settle`: an operator settles a withdrawal from the `support` queue
 * once the marketplace has been asked: the skin was delivered (`accepted`, the item
 * `STEAM_WITHDRAWN`) or will not be (refunded: `failed`, the item back in `progress`). The console's
 * own operation (`actOnWithdrawal`), with its audit row; null when the withdrawal is not waiting
 * for an operator (settled twice, or one the worker still moves). `returned` asks the marketplace
 * first, like the console: refused while its order may still deliver, or without a marketplace to
 * ask (the command run without a running store).
 */
export async function settleWithdrawal(db: Db, o: { id: number; outcome: 'delivered' | 'returned'; operator: ActingOperator; vendor?: SkinVendor }) {
  const [w] = await db.select({ state: withdrawals.state }).from(withdrawals).where(eq(withdrawals.id, o.id));
  if (w?.state !== 'support') return null;
  try {
    const { withdrawal } = await actOnWithdrawal({
      db,
      vendor: o.vendor ?? null,
      id: o.id,
      action: o.outcome === 'delivered' ? 'delivered' : 'refund',
      reason: 'npm run admin -- withdrawal settle',
      operator: o.operator,
      now: new Date(),
    });
    return { id: withdrawal.id, item_id: withdrawal.item.id, state: withdrawal.state };
  } catch (err) {
    if (err instanceof AppError && (err.code === 'withdrawal_state_conflict' || err.code === 'withdrawal_busy')) return null;
    throw err;
  }
}
