// Before an operator's refund: the marketplace asked about the withdrawal's order by our id,
// outside any transaction, and the refund refused unless the order is over there.
import { eq } from 'drizzle-orm';
import { refundAsksMarket, withdrawalActionRefusal } from '@store/shared/api/operator-queue';
import type { WithdrawalState } from '@store/shared/withdrawals';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { withdrawals } from './schema.ts';
import { VendorUnreachable, type OrderStatus, type SkinVendor } from './vendor.ts';
import type { WithdrawalRow } from './worker-context.ts';

/** What the marketplace said of an order before its refund, as the audit row keeps it. */
type MarketAnswer = { status: 'not_found' } | { status: 'failed'; order_id: string; reason: string };

/**
 * Asks the marketplace about the order of a withdrawal about to be refunded, outside any
 * transaction, and refuses the refund unless the order is over there: delivered
 * (`withdrawal_delivered_at_market`), pending or no answer (`withdrawal_market_pending`, with
 * `params.market`). Null when there is nothing to ask: not a withdrawal a refund may take now (the
 * transaction refuses it, or answers a replayed call), or no purchase request ever left.
 */
export async function askMarketBeforeRefund(db: Db, vendor: SkinVendor | null, id: number, now: Date): Promise<{ row: WithdrawalRow; answer: MarketAnswer } | null> {
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w || !refundAsksMarket(w)) return null;
  const working = w.leaseUntil !== null && w.leaseUntil > now;
  if (withdrawalActionRefusal('refund', { state: w.state as WithdrawalState, reason: w.reason, updatedAt: w.updatedAt, working }, now)) return null;
  let status: OrderStatus | VendorUnreachable;
  try {
    if (!vendor) throw new VendorUnreachable('no marketplace to ask');
    status = (await vendor.statuses([w.customId])).get(w.customId) ?? new VendorUnreachable('the marketplace did not report on the order');
  } catch (err) {
    if (!(err instanceof VendorUnreachable)) throw err;
    status = err;
  }
  if (status instanceof VendorUnreachable) throw new AppError('withdrawal_market_pending', { market: 'unreachable' });
  switch (status.kind) {
    case 'accepted':
      throw new AppError('withdrawal_delivered_at_market', { order_id: status.orderId, trade_id: status.tradeId });
    case 'waiting_seller':
    case 'offer_sent':
      throw new AppError('withdrawal_market_pending', { market: status.kind, order_id: status.orderId });
    case 'failed':
      return { row: w, answer: { status: 'failed', order_id: status.orderId, reason: status.reason } };
    case 'not_found':
      return { row: w, answer: { status: 'not_found' } };
  }
}
