import { and, eq } from 'drizzle-orm';
import type { PaymentResult } from '@store/shared/api/payments';
import type { DepositPlan } from '@store/shared/payments/bonus';
import type { PaymentStatus } from '@store/shared/payments/status';
import { paymentResultToWire } from '@store/shared/payments/wire';
import type { Db } from '../../db/client.ts';
import { paymentOrders } from './schema.ts';
import { AppError } from '../../http/errors.ts';

/** GET /transaction/status: the player's own order only; anyone else's is "not found", not "forbidden". */
export async function getTransactionStatus(opts: { db: Db; userId: number; orderId: string }): Promise<PaymentResult> {
  const rows = await opts.db
    .select({
      id: paymentOrders.id,
      status: paymentOrders.status,
      siteAmountMinor: paymentOrders.siteAmountMinor,
      plan: paymentOrders.plan,
    })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, opts.orderId), eq(paymentOrders.userId, opts.userId)));
  const order = rows[0];
  if (!order) throw new AppError('payment_order_not_found');
  return paymentResultToWire({
    orderId: order.id,
    status: order.status as PaymentStatus,
    depositMinor: order.siteAmountMinor,
    plan: (order.plan as unknown as DepositPlan | null) ?? null,
  });
}
