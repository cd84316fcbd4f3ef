import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { itemStatusOf, SUPPORT_AFTER_MS, tradeLinkParts, type WithdrawalState } from '@store/shared/withdrawals';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { Clock } from '../../platform/clock.ts';
import { PeriodicJob } from '../../platform/periodic-job.ts';
import { setWithdrawalStatus } from '../inventory/withdraw-items.ts';
import { withdrawals } from './schema.ts';
import { VendorUnreachable, type OrderStatus, type SkinVendor } from './vendor.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** How long a worker holds the withdrawals it took: a crashed worker's are taken over after this. */
const LEASE_MS = 30_000;
/** A purchase whose price moved above the ceiling is tried again after this, until its deadline. */
const PRICE_RETRY_MS = 15_000;
const BATCH = 25;

/** A move the worker made, for the player's notice after its commit. */
export interface WithdrawalMove {
  withdrawal: WithdrawalRow;
  from: WithdrawalState;
  to: WithdrawalState;
}

/**
 * Withdrawals as a durable job (decision 018). Each pass leases the due withdrawals (`for update
 * skip locked`, then `lease_until` ahead: two processes never hold one), and moves each one step:
 * - `queued`: past its deadline it fails; else it is marked `buying` (committed first), and the
 *   purchase is asked for under its fixed `custom_id`: placed → `waiting_seller`; nobody sells it
 *   → `unavailable`; price above the ceiling → retried later; no trustworthy answer →
 *   `unconfirmed`;
 * - `buying` found by a worker (its first worker died mid-request) and `unconfirmed`: the
 *   marketplace is asked by our id before anything else; an order it does not know is asked for
 *   again (the same id: never a second purchase);
 * - `waiting_seller` and `offer_sent`: the order's status moves it (`offer_sent` with the trade
 *   id, `accepted`, or `failed` with the reason).
 * A purchase the marketplace has not settled long after it was placed goes to `support`, never
 * refunded by itself: its seller may still deliver. Every move is a conditional update on the
 * state read and the lease, with the item's status in the same transaction; a failure returns the
 * item to `progress` with its countdown cleared.
 */
export class WithdrawalWorker {
  private readonly job: PeriodicJob;
  private readonly owner = randomUUID();
  private get leaseMs(): number {
    return this.deps.leaseMs ?? LEASE_MS;
  }

  constructor(
    private readonly deps: {
      db: Db;
      vendor: SkinVendor;
      clock: Clock;
      log: FastifyBaseLogger;
      pollMs: number;
      onMoved?: (moves: WithdrawalMove[]) => void;
      everyMs?: number;
      /** How long a lease lasts (the tests shorten it to take over a killed worker's sooner). */
      leaseMs?: number;
    },
  ) {
    this.job = new PeriodicJob({ everyMs: deps.everyMs ?? Math.min(500, deps.pollMs), run: () => this.tick(), log: deps.log, failure: 'withdrawals failed; they will be retried' });
  }

  private started = false;

  start(): void {
    this.started = true;
    this.job.start();
  }

  close(): Promise<void> {
    this.started = false;
    return this.job.close();
  }

  /** A withdrawal was asked for: a started worker starts on it now rather than at the next pass (leases keep passes apart). */
  wake(): void {
    if (!this.started) return;
    void this.tick().catch((err: unknown) => this.deps.log.error({ err }, 'withdrawals failed; they will be retried'));
  }

  /** One pass: lease what is due and move each one step; the moves made. */
  async tick(): Promise<WithdrawalMove[]> {
    const leased = await this.lease();
    const moves = (await Promise.all(leased.map((w) => this.step(w).catch((err: unknown) => (this.deps.log.error({ err, withdrawal: w.id }, 'a withdrawal step failed'), null))))).filter(
      (m): m is WithdrawalMove => m !== null,
    );
    if (moves.length) this.deps.onMoved?.(moves);
    return moves;
  }

  private async lease(): Promise<WithdrawalRow[]> {
    const now = this.deps.clock.now();
    const taken = await rows<{ id: number | string }>(
      this.deps.db,
      sql`update withdrawals set lease_until = ${new Date(now.getTime() + this.leaseMs).toISOString()}::timestamptz, lease_owner = ${this.owner}
           where id in (
             select id from withdrawals
              where state in ('queued', 'buying', 'unconfirmed', 'waiting_seller', 'offer_sent')
                and next_at <= ${now.toISOString()}::timestamptz
                and (lease_until is null or lease_until < ${now.toISOString()}::timestamptz)
              order by next_at limit ${BATCH}
                for update skip locked)
          returning id`,
    );
    if (!taken.length) return [];
    return this.deps.db
      .select()
      .from(withdrawals)
      .where(and(sql`${withdrawals.id} in (${sql.join(taken.map((t) => sql`${Number(t.id)}`), sql`, `)})`, eq(withdrawals.leaseOwner, this.owner)));
  }

  /**
   * Moves a leased withdrawal from `from` to `to` (with `patch`), and its item to the status of
   * `to`, if it is still in `from` and still ours; releases the lease. Null when it was not.
   */
  private async move(w: WithdrawalRow, to: WithdrawalState, patch: Partial<WithdrawalRow> = {}, nextInMs = this.deps.pollMs, keepLease = false): Promise<WithdrawalMove | null> {
    const now = this.deps.clock.now();
    const lease = keepLease ? { leaseUntil: new Date(now.getTime() + this.leaseMs), leaseOwner: this.owner } : { leaseUntil: null, leaseOwner: null };
    return this.deps.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(withdrawals)
        .set({ ...patch, state: to, nextAt: new Date(now.getTime() + nextInMs), ...lease, updatedAt: now })
        .where(and(eq(withdrawals.id, w.id), eq(withdrawals.state, w.state), eq(withdrawals.leaseOwner, this.owner)))
        .returning();
      if (!moved) return null;
      if (itemStatusOf(to) !== itemStatusOf(w.state as WithdrawalState)) await setWithdrawalStatus(tx, w.itemId, itemStatusOf(to));
      return { withdrawal: moved, from: w.state as WithdrawalState, to };
    });
  }

  private async step(w: WithdrawalRow): Promise<WithdrawalMove | null> {
    const now = this.deps.clock.now();
    switch (w.state as WithdrawalState) {
      case 'queued':
        return this.buy(w, now);
      case 'buying':
      case 'unconfirmed':
        return this.confirm(w, now);
      case 'waiting_seller':
      case 'offer_sent':
        return this.follow(w, now);
      default:
        return null;
    }
  }

  private async buy(w: WithdrawalRow, now: Date): Promise<WithdrawalMove | null> {
    if (now >= w.deadline) return this.move(w, 'failed', { reason: 'deadline' });
    // Marked first and committed: whatever happens to this process now, the next worker knows a
    // request may have left and asks the marketplace before buying.
    const buying = await this.move(w, 'buying', { attempts: w.attempts + 1 }, this.leaseMs, true);
    if (!buying) return null;
    const b = buying.withdrawal;
    const parts = b.method === 'trade' && b.tradeLink ? tradeLinkParts(b.tradeLink) : { partner: '0', token: b.steamLogin ?? '' };
    try {
      const r = await this.deps.vendor.buyFor({ customId: b.customId, hashName: b.marketName, maxPrice: b.maxPrice, partner: parts?.partner ?? '0', token: parts?.token ?? '' });
      if (r.kind === 'placed') return this.move(b, 'waiting_seller', { vendorOrderId: r.orderId, placedAt: now });
      if (r.kind === 'unavailable') return this.move(b, 'unavailable', { reason: 'unavailable' });
      return now.getTime() + PRICE_RETRY_MS < w.deadline.getTime() ? this.move(b, 'queued', { reason: 'price_too_high' }, PRICE_RETRY_MS) : this.move(b, 'failed', { reason: 'price_too_high' });
    } catch (err) {
      if (!(err instanceof VendorUnreachable)) throw err;
      return this.move(b, 'unconfirmed', { reason: err.message });
    }
  }

  /**
   * Reads the order by our id and moves the withdrawal by what the marketplace says. An order it
   * does not know: before the purchase was confirmed (`confirm`) it was never taken, and is asked
   * for again under the same id, which cannot buy twice; once placed (`follow`) it cannot vanish,
   * so an operator looks. No answer: try later (or the operators, past the limit).
   */
  private async track(w: WithdrawalRow, now: Date, unknownOrder: () => Promise<WithdrawalMove | null>): Promise<WithdrawalMove | null> {
    let s: OrderStatus;
    try {
      s = await this.deps.vendor.status(w.customId);
    } catch (err) {
      if (!(err instanceof VendorUnreachable)) throw err;
      return this.stuck(w, now, err.message);
    }
    return s.kind === 'not_found' ? unknownOrder() : this.apply(w, s, now);
  }

  private confirm(w: WithdrawalRow, now: Date): Promise<WithdrawalMove | null> {
    return this.track(w, now, () => (now >= w.deadline ? this.move(w, 'failed', { reason: 'deadline' }) : this.move(w, 'queued', {}, 0)));
  }

  private follow(w: WithdrawalRow, now: Date): Promise<WithdrawalMove | null> {
    return this.track(w, now, () => this.move(w, 'support', { reason: 'order_not_found' }));
  }

  private async apply(w: WithdrawalRow, s: Exclude<OrderStatus, { kind: 'not_found' }>, now: Date): Promise<WithdrawalMove | null> {
    const placed = { vendorOrderId: s.orderId, placedAt: w.placedAt ?? now };
    switch (s.kind) {
      case 'waiting_seller':
        return w.state === 'waiting_seller' ? this.wait(w, now) : this.move(w, 'waiting_seller', placed);
      case 'offer_sent':
        return w.state === 'offer_sent' ? this.wait(w, now) : this.move(w, 'offer_sent', { ...placed, tradeId: s.tradeId, sendUntil: s.sendUntil });
      case 'accepted':
        return this.move(w, 'accepted', { ...placed, tradeId: s.tradeId || w.tradeId });
      case 'failed':
        return this.move(w, 'failed', { ...placed, reason: s.reason });
    }
  }

  /** Nothing new: ask again later, unless it has waited past the operators' limit. */
  private async wait(w: WithdrawalRow, now: Date): Promise<WithdrawalMove | null> {
    if (w.placedAt && now.getTime() - w.placedAt.getTime() > SUPPORT_AFTER_MS) return this.move(w, 'support', { reason: 'not_settled' });
    await this.release(w, now);
    return null;
  }

  /** The marketplace did not answer: try later; a purchase left unsettled past the limit goes to the operators. */
  private async stuck(w: WithdrawalRow, now: Date, reason: string): Promise<WithdrawalMove | null> {
    const since = (w.placedAt ?? w.createdAt).getTime();
    if (now.getTime() - since > SUPPORT_AFTER_MS) return this.move(w, 'support', { reason });
    await this.release(w, now, reason);
    return null;
  }

  private async release(w: WithdrawalRow, now: Date, reason?: string): Promise<void> {
    await this.deps.db
      .update(withdrawals)
      .set({ nextAt: new Date(now.getTime() + this.deps.pollMs), leaseUntil: null, leaseOwner: null, ...(reason ? { reason } : {}) })
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.leaseOwner, this.owner)));
  }
}
