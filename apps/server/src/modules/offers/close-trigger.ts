import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userTriggers } from './schema.ts';
import { AppError } from '../../http/errors.ts';

/** Dismisses one of the player's triggers; `false` when it was closed already, `offer_not_found` when it is not theirs. */
export async function closeTrigger(opts: { db: Db; userId: number; triggerId: number }): Promise<{ closed: boolean }> {
  const { db, userId, triggerId } = opts;
  const mine = and(eq(userTriggers.id, triggerId), eq(userTriggers.userId, userId));
  const closed = await db
    .update(userTriggers)
    .set({ closedAt: new Date(), closedReason: 'dismissed' })
    .where(and(mine, isNull(userTriggers.closedAt)))
    .returning({ id: userTriggers.id });
  if (closed.length) return { closed: true };
  const exists = await db.select({ id: userTriggers.id }).from(userTriggers).where(mine);
  if (!exists.length) throw new AppError('offer_not_found');
  return { closed: false };
}
