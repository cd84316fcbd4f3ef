// The withdrawal worker's leases: taking a batch of due withdrawals (two workers never hold one),
// and letting them go until their next look.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rows } from '../../db/rows.ts';
import { withdrawals } from './schema.ts';
import type { WithdrawalRow, WorkerContext } from './worker-context.ts';

/** Leases up to a batch of due withdrawals not held by a live lease (`for update skip locked`); the rows taken. */
export async function lease(ctx: WorkerContext): Promise<WithdrawalRow[]> {
  const now = ctx.clock.now();
  const taken = await rows<{ id: number | string }>(
    ctx.db,
    sql`update withdrawals set lease_until = ${new Date(now.getTime() + ctx.leaseMs).toISOString()}::timestamptz, lease_owner = ${ctx.owner}
         where id in (
           select id from withdrawals
            where state in ('queued', 'buying', 'unconfirmed', 'waiting_seller', 'offer_sent')
              and next_at <= ${now.toISOString()}::timestamptz
              and (lease_until is null or lease_until < ${now.toISOString()}::timestamptz)
            order by next_at limit ${ctx.batch}
              for update skip locked)
        returning id`,
  );
  if (!taken.length) return [];
  return ctx.db
    .select()
    .from(withdrawals)
    .where(and(sql`${withdrawals.id} in (${sql.join(taken.map((t) => sql`${Number(t.id)}`), sql`, `)})`, eq(withdrawals.leaseOwner, ctx.owner)));
}

/**
 * When the worker's next lease can take something: the earliest look due among the withdrawals
 * under way, or the end of the lease another worker holds on it; null when none is under way. One
 * read of the due index's rows, which a pass makes instead of a lease that would take nothing.
 */
export async function nextDueAt(ctx: WorkerContext): Promise<Date | null> {
  const [row] = await rows<{ at: string | Date | null }>(
    ctx.db,
    sql`select min(greatest(next_at, lease_until)) as at from withdrawals
         where state in ('queued', 'buying', 'unconfirmed', 'waiting_seller', 'offer_sent')`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** Releases the batch's withdrawals with nothing new in one statement, each to be looked at again a poll later. */
export async function releaseAll(ctx: WorkerContext, list: readonly WithdrawalRow[], now: Date): Promise<void> {
  await ctx.db
    .update(withdrawals)
    .set({ nextAt: new Date(now.getTime() + ctx.pollMs), leaseUntil: null, leaseOwner: null })
    .where(and(inArray(withdrawals.id, list.map((w) => w.id)), eq(withdrawals.leaseOwner, ctx.owner)));
}

export async function release(ctx: WorkerContext, w: WithdrawalRow, now: Date, reason?: string): Promise<void> {
  await ctx.db
    .update(withdrawals)
    .set({ nextAt: new Date(now.getTime() + ctx.pollMs), leaseUntil: null, leaseOwner: null, ...(reason ? { reason } : {}) })
    .where(and(eq(withdrawals.id, w.id), eq(withdrawals.leaseOwner, ctx.owner)));
}
