import { desc, eq } from 'drizzle-orm';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import { promoUses, userPromos } from './schema.ts';

/** The most uses the console lists at once: a player with more is a case for the audit, not a list. */
const USES_SHOWN = 100;

/** A player's promo code uses, newest first, and the code applied and waiting for a deposit: for the operator console. */
export async function listPromoUsesOf(db: Executor, userId: number) {
  const [uses, [pending]] = await Promise.all([
    db.select().from(promoUses).where(eq(promoUses.userId, userId)).orderBy(desc(promoUses.id)).limit(USES_SHOWN),
    db.select().from(userPromos).where(eq(userPromos.userId, userId)),
  ]);
  return {
    items: uses.map((u) => ({ id: u.id, code: u.code, order_id: u.orderId, credited: toUnits(u.creditedMinor), at: u.createdAt.toISOString() })),
    pending: pending ? { code: pending.code, applied_at: pending.appliedAt.toISOString() } : null,
  };
}
