// The withdrawal worker's writes of state: one withdrawal moved by a conditional update, the
// batch's due purchases marked `buying`, and the batch's placed purchases moved together; each
// with its item's status in the same transaction.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { itemStatusOf, type WithdrawalState } from '@store/shared/withdrawals';
import { rows } from '../../db/rows.ts';
import { setWithdrawalStatus, setWithdrawalStatuses } from '../inventory/withdraw-items.ts';
import { withdrawals } from './schema.ts';
import type { Placed, WithdrawalMove, WithdrawalRow, WorkerContext } from './worker-context.ts';

/**
 * Moves a leased withdrawal from `from` to `to` (with `patch`), and its item to the status of
 * `to`, if it is still in `from` and still ours; releases the lease. Null when it was not.
 */
export async function move(ctx: WorkerContext, w: WithdrawalRow, to: WithdrawalState, patch: Partial<WithdrawalRow> = {}, nextInMs = ctx.pollMs, keepLease = false): Promise<WithdrawalMove | null> {
  const now = ctx.clock.now();
  const lease = keepLease ? { leaseUntil: new Date(now.getTime() + ctx.leaseMs), leaseOwner: ctx.owner } : { leaseUntil: null, leaseOwner: null };
  return ctx.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(withdrawals)
      .set({ ...patch, state: to, nextAt: new Date(now.getTime() + nextInMs), ...lease, updatedAt: now })
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.state, w.state), eq(withdrawals.leaseOwner, ctx.owner)))
      .returning();
    if (!moved) return null;
    if (itemStatusOf(to) !== itemStatusOf(w.state as WithdrawalState)) await setWithdrawalStatus(tx, w.itemId, itemStatusOf(to));
    return { withdrawal: moved, from: w.state as WithdrawalState, to };
  });
}

/**
 * Marks the batch's due purchases `buying` in one statement, committed before any request
 * leaves: whatever happens to this process then, the next worker knows a request may have left
 * and asks the marketplace before buying. The rows marked, by id.
 */
export async function markBuying(ctx: WorkerContext, due: readonly WithdrawalRow[], now: Date): Promise<Map<number, WithdrawalRow>> {
  if (!due.length) return new Map();
  const marked = await ctx.db
    .update(withdrawals)
    .set({ state: 'buying', attempts: sql`${withdrawals.attempts} + 1`, nextAt: new Date(now.getTime() + ctx.leaseMs), leaseUntil: new Date(now.getTime() + ctx.leaseMs), updatedAt: now })
    .where(and(inArray(withdrawals.id, due.map((w) => w.id)), eq(withdrawals.state, 'queued'), eq(withdrawals.leaseOwner, ctx.owner)))
    .returning();
  return new Map(marked.map((w) => [w.id, w]));
}

/** The batch's placed purchases to `waiting_seller`, and their items to `vendor waiting`, in one transaction. */
export async function placeAll(ctx: WorkerContext, list: readonly Placed[], now: Date): Promise<WithdrawalMove[]> {
  if (!list.length) return [];
  const nextAt = new Date(now.getTime() + ctx.pollMs);
  return ctx.db.transaction(async (tx) => {
    const moved = await rows<{ id: number | string }>(
      tx,
      sql`update withdrawals w
             set state = 'waiting_seller', vendor_order_id = v.order_id, placed_at = ${now.toISOString()}::timestamptz,
                 next_at = ${nextAt.toISOString()}::timestamptz, lease_until = null, lease_owner = null, updated_at = ${now.toISOString()}::timestamptz
            from unnest(${sql.param(list.map((p) => p.placed.id))}::bigint[], ${sql.param(list.map((p) => p.orderId))}::text[]) as v(id, order_id)
           where w.id = v.id and w.state = 'buying' and w.lease_owner = ${ctx.owner}
       returning w.id`,
    );
    const ids = new Set(moved.map((m) => Number(m.id)));
    const done = list.filter((p) => ids.has(p.placed.id));
    await setWithdrawalStatuses(
      tx,
      done.map((p) => p.placed.itemId),
      itemStatusOf('waiting_seller'),
    );
    return done.map((p) => ({
      withdrawal: { ...p.placed, state: 'waiting_seller', vendorOrderId: p.orderId, placedAt: now, nextAt, leaseUntil: null, leaseOwner: null, updatedAt: now },
      from: 'buying' as const,
      to: 'waiting_seller' as const,
    }));
  });
}
