import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentOrders } from './schema.ts';

/**
 * Whether the player has ever completed a deposit: a provider's payment settled as `success`.
 * Promo credits, operator grants and mission prizes are not deposits. Free drops stay locked
 * until this is true (decision 058).
 */
export async function hasDeposited(db: Executor, userId: number): Promise<boolean> {
  const found = await db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.status, 'success')))
    .limit(1);
  return found.length > 0;
}
