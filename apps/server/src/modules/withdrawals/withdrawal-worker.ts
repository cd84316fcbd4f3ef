import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { itemStatusOf, SUPPORT_AFTER_MS, tradeLinkParts, type WithdrawalState } from '@store/shared/withdrawals';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { Clock } from '../../platform/clock.ts';
import { PeriodicJob } from '../../platform/periodic-job.ts';
import { setWithdrawalStatus, setWithdrawalStatuses } from '../inventory/withdraw-items.ts';
import { withdrawals } from './schema.ts';
import { VendorUnreachable, type OrderStatus, type SkinVendor } from './vendor.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** How long a worker holds the withdrawals it took: a crashed worker's are taken over after this. */
const LEASE_MS = 30_000;
/** A purchase whose price moved above the ceiling is tried again after this, until its deadline. */
const PRICE_RETRY_MS = 15_000;
/** Withdrawals leased at once; a full batch is followed at once by the next, up to MAX_BATCHES a pass. */
const BATCH = 100;
const MAX_BATCHES = 20;
/** States whose next step starts by asking the marketplace about the order. */
const TRACKED = new Set<string>(['buying', 'unconfirmed', 'waiting_seller', 'offer_sent']);

/** What the marketplace said of each tracked order in this batch, or why it said nothing. */
type Statuses = Map<string, OrderStatus | VendorUnreachable>;
/** A purchase the marketplace took: moved to `waiting_seller` with the batch's others in one statement. */
interface Placed {
  placed: WithdrawalRow;
  orderId: string;
}
/** A step's outcome: a move, a purchase placed, nothing to do until the next look (`idle`, released in bulk), or nothing at all. */
type StepResult = WithdrawalMove | Placed | 'idle' | null;

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
      /** Withdrawals leased at once (the tests make it small to show two workers sharing a few). */
      batch?: number;
    },
  ) {
    // A look falls due between two passes: four passes a poll keep the lag past it to a quarter.
    this.job = new PeriodicJob({ everyMs: deps.everyMs ?? Math.max(10, Math.min(500, deps.pollMs / 4)), run: () => this.tick(), log: deps.log, failure: 'withdrawals failed; they will be retried' });
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
    // Many requests at once wake one pass, and one more after it for what came during it.
    if (this.waking) {
      this.wokenAgain = true;
      return;
    }
    this.waking = this.tick()
      .catch((err: unknown) => this.deps.log.error({ err }, 'withdrawals failed; they will be retried'))
      .finally(() => {
        this.waking = null;
        if (this.wokenAgain) {
          this.wokenAgain = false;
          this.wake();
        }
      });
  }

  private waking: Promise<unknown> | null = null;
  private wokenAgain = false;

  /**
   * One pass: lease what is due, a batch at a time, and move each one step; the moves made. The
   * tracked orders of a batch are asked about in one list call, and the withdrawals with nothing
   * new are released by one statement, so a thousand under way cost a few requests a look.
   */
  async tick(): Promise<WithdrawalMove[]> {
    const all: WithdrawalMove[] = [];
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const leased = await this.lease();
      if (!leased.length) break;
      const moves = await this.stepAll(leased);
      if (moves.length) this.deps.onMoved?.(moves);
      all.push(...moves);
      if (leased.length < (this.deps.batch ?? BATCH)) break;
    }
    return all;
  }

  private async stepAll(leased: WithdrawalRow[]): Promise<WithdrawalMove[]> {
    const now = this.deps.clock.now();
    const tracked = leased.filter((w) => TRACKED.has(w.state)).map((w) => w.customId);
    let statuses: Statuses = new Map();
    if (tracked.length) {
      try {
        statuses = await this.deps.vendor.statuses(tracked);
      } catch (err) {
        if (!(err instanceof VendorUnreachable)) throw err;
        statuses = new Map(tracked.map((id) => [id, err]));
      }
    }
    const buying = await this.markBuying(leased.filter((w) => w.state === 'queued' && now < w.deadline), now);
    const results = await Promise.all(
      leased.map((w) => this.step(w, now, statuses, buying).catch((err: unknown): StepResult => (this.deps.log.error({ err, withdrawal: w.id }, 'a withdrawal step failed'), null))),
    );
    const idle = leased.filter((_, i) => results[i] === 'idle');
    if (idle.length) await this.releaseAll(idle, now);
    const placed = await this.placeAll(
      results.filter((r): r is Placed => r !== null && r !== 'idle' && 'placed' in r),
      now,
    );
    return [...results.filter((m): m is WithdrawalMove => m !== null && m !== 'idle' && !('placed' in m)), ...placed];
  }

  /** The batch's placed purchases to `waiting_seller`, and their items to `vendor waiting`, in one transaction. */
  private async placeAll(list: readonly Placed[], now: Date): Promise<WithdrawalMove[]> {
    if (!list.length) return [];
    const nextAt = new Date(now.getTime() + this.deps.pollMs);
    return this.deps.db.transaction(async (tx) => {
      const moved = await rows<{ id: number | string }>(
        tx,
        sql`update withdrawals w
               set state = 'waiting_seller', vendor_order_id = v.order_id, placed_at = ${now.toISOString()}::timestamptz,
                   next_at = ${nextAt.toISOString()}::timestamptz, lease_until = null, lease_owner = null, updated_at = ${now.toISOString()}::timestamptz
              from unnest(${sql.param(list.map((p) => p.placed.id))}::bigint[], ${sql.param(list.map((p) => p.orderId))}::text[]) as v(id, order_id)
             where w.id = v.id and w.state = 'buying' and w.lease_owner = ${this.owner}
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
              order by next_at limit ${this.deps.batch ?? BATCH}
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

  /**
   * Marks the batch's due purchases `buying` in one statement, committed before any request
   * leaves: whatever happens to this process then, the next worker knows a request may have left
   * and asks the marketplace before buying. The rows marked, by id.
   */
  private async markBuying(due: readonly WithdrawalRow[], now: Date): Promise<Map<number, WithdrawalRow>> {
    if (!due.length) return new Map();
    const marked = await this.deps.db
      .update(withdrawals)
      .set({ state: 'buying', attempts: sql`${withdrawals.attempts} + 1`, nextAt: new Date(now.getTime() + this.leaseMs), leaseUntil: new Date(now.getTime() + this.leaseMs), updatedAt: now })
      .where(and(inArray(withdrawals.id, due.map((w) => w.id)), eq(withdrawals.state, 'queued'), eq(withdrawals.leaseOwner, this.owner)))
      .returning();
    return new Map(marked.map((w) => [w.id, w]));
  }

  private async step(w: WithdrawalRow, now: Date, statuses: Statuses, buying: Map<number, WithdrawalRow>): Promise<StepResult> {
    switch (w.state as WithdrawalState) {
      case 'queued': {
        if (now >= w.deadline) return this.move(w, 'failed', { reason: 'deadline' });
        const marked = buying.get(w.id);
        return marked ? this.buy(marked, now) : null;
      }
      case 'buying':
      case 'unconfirmed':
        return this.confirm(w, now, statuses);
      case 'waiting_seller':
      case 'offer_sent':
        return this.follow(w, now, statuses);
      default:
        return null;
    }
  }

  /** Asks for the purchase of a withdrawal marked `buying`, under its fixed id, and moves it by the answer. */
  private async buy(b: WithdrawalRow, now: Date): Promise<StepResult> {
    const parts = b.method === 'trade' && b.tradeLink ? tradeLinkParts(b.tradeLink) : { partner: '0', token: b.steamLogin ?? '' };
    try {
      const r = await this.deps.vendor.buyFor({ customId: b.customId, hashName: b.marketName, maxPrice: b.maxPrice, partner: parts?.partner ?? '0', token: parts?.token ?? '' });
      if (r.kind === 'placed') return { placed: b, orderId: r.orderId };
      if (r.kind === 'unavailable') return this.move(b, 'unavailable', { reason: 'unavailable' });
      return now.getTime() + PRICE_RETRY_MS < b.deadline.getTime() ? this.move(b, 'queued', { reason: 'price_too_high' }, PRICE_RETRY_MS) : this.move(b, 'failed', { reason: 'price_too_high' });
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
  private async track(w: WithdrawalRow, now: Date, statuses: Statuses, unknownOrder: () => Promise<WithdrawalMove | null>): Promise<StepResult> {
    const s = statuses.get(w.customId) ?? new VendorUnreachable('the marketplace was not asked');
    if (s instanceof VendorUnreachable) return this.stuck(w, now, s.message);
    return s.kind === 'not_found' ? unknownOrder() : this.apply(w, s, now);
  }

  private confirm(w: WithdrawalRow, now: Date, statuses: Statuses): Promise<StepResult> {
    return this.track(w, now, statuses, () => (now >= w.deadline ? this.move(w, 'failed', { reason: 'deadline' }) : this.move(w, 'queued', {}, 0)));
  }

  private follow(w: WithdrawalRow, now: Date, statuses: Statuses): Promise<StepResult> {
    return this.track(w, now, statuses, () => this.move(w, 'support', { reason: 'order_not_found' }));
  }

  private async apply(w: WithdrawalRow, s: Exclude<OrderStatus, { kind: 'not_found' }>, now: Date): Promise<StepResult> {
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

  /** Nothing new: ask again later (released with the batch's other idle ones), unless it has waited past the operators' limit. */
  private async wait(w: WithdrawalRow, now: Date): Promise<StepResult> {
    if (w.placedAt && now.getTime() - w.placedAt.getTime() > SUPPORT_AFTER_MS) return this.move(w, 'support', { reason: 'not_settled' });
    return 'idle';
  }

  /** The marketplace did not answer: try later; a purchase left unsettled past the limit goes to the operators. */
  private async stuck(w: WithdrawalRow, now: Date, reason: string): Promise<WithdrawalMove | null> {
    const since = (w.placedAt ?? w.createdAt).getTime();
    if (now.getTime() - since > SUPPORT_AFTER_MS) return this.move(w, 'support', { reason });
    await this.release(w, now, reason);
    return null;
  }

  private async releaseAll(list: readonly WithdrawalRow[], now: Date): Promise<void> {
    await this.deps.db
      .update(withdrawals)
      .set({ nextAt: new Date(now.getTime() + this.deps.pollMs), leaseUntil: null, leaseOwner: null })
      .where(and(inArray(withdrawals.id, list.map((w) => w.id)), eq(withdrawals.leaseOwner, this.owner)));
  }

  private async release(w: WithdrawalRow, now: Date, reason?: string): Promise<void> {
    await this.deps.db
      .update(withdrawals)
      .set({ nextAt: new Date(now.getTime() + this.deps.pollMs), leaseUntil: null, leaseOwner: null, ...(reason ? { reason } : {}) })
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.leaseOwner, this.owner)));
  }
}
