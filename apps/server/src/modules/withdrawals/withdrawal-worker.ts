// The withdrawal worker: the periodic job and its passes, each leasing due withdrawals a batch at
// a time, asking the marketplace about the batch's orders in one call, and moving each one step
// (`worker-steps.ts` decides, `worker-moves.ts` and `worker-lease.ts` write).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { PeriodicJob } from '../../platform/periodic-job.ts';
import { VendorUnreachable, type SkinVendor } from './vendor.ts';
import type { Placed, Statuses, StepResult, WithdrawalMove, WithdrawalRow, WorkerContext } from './worker-context.ts';
import { lease, nextDueAt, releaseAll } from './worker-lease.ts';
import { markBuying, placeAll } from './worker-moves.ts';
import { stillDue, step } from './worker-steps.ts';

/** How long a worker holds the withdrawals it took: a crashed worker's are taken over after this. */
const LEASE_MS = 30_000;
/** Withdrawals leased at once; a full batch is followed at once by the next, up to MAX_BATCHES a pass. */
const BATCH = 100;
const MAX_BATCHES = 20;
/** States whose next step starts by asking the marketplace about the order. */
const TRACKED = new Set<string>(['buying', 'unconfirmed', 'waiting_seller', 'offer_sent']);

/**
 * Withdrawals as a durable job (decision 018). Each pass leases the due withdrawals (`for update
 * skip locked`, then `lease_until` ahead: two processes never hold one), and moves each one step:
 * - `queued`: past its deadline it fails (unless it waits for a market's balance); else it is
 *   marked `buying` (committed first), and the purchase is asked for under its fixed `custom_id`:
 *   placed → `waiting_seller`; nobody sells it → `unavailable`; price above the ceiling → retried
 *   later; no balance can pay it → queued again, however long; the market refuses the trade link →
 *   `failed`; no trustworthy answer → `unconfirmed`;
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
  private readonly ctx: WorkerContext;

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
    this.ctx = { db: deps.db, vendor: deps.vendor, clock: deps.clock, pollMs: deps.pollMs, leaseMs: deps.leaseMs ?? LEASE_MS, owner: randomUUID(), batch: deps.batch ?? BATCH };
    this.quickestMs = Math.max(10, Math.min(500, deps.pollMs / 4));
    // A pass sleeps until the next look falls due (`dueIn`), and at most a poll: a request on this
    // process wakes it at once, and the poll finds what another process or the console changed.
    this.job = new PeriodicJob({
      everyMs: deps.everyMs ?? Math.max(10, deps.pollMs),
      run: () => this.pass(),
      dueIn: () => this.dueInMs,
      log: deps.log,
      failure: 'withdrawals failed; they will be retried',
    });
  }

  /** How soon the next look falls due after the last pass (ms); null when nothing is under way. */
  private dueInMs: number | null = null;
  private readonly quickestMs: number;

  /**
   * The job's pass: a lease only when a look is due, so an idle store reads one index a poll
   * instead of writing (an update that takes nothing is still a write transaction); then when the
   * next look falls due.
   */
  private async pass(): Promise<void> {
    this.dueInMs = null;
    let due = await nextDueAt(this.ctx);
    if (due && due.getTime() <= this.deps.clock.now().getTime()) {
      await this.tick();
      due = await nextDueAt(this.ctx);
    }
    // Never sooner than a quarter of a poll: a look that stays due (a marketplace that answers
    // nothing useful) is not asked again in a tight loop.
    this.dueInMs = due ? Math.max(this.quickestMs, due.getTime() - this.deps.clock.now().getTime()) : null;
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
      const leased = await lease(this.ctx);
      if (!leased.length) break;
      const moves = await this.stepAll(leased);
      if (moves.length) this.deps.onMoved?.(moves);
      all.push(...moves);
      if (leased.length < this.ctx.batch) break;
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
    const buying = await markBuying(this.ctx, leased.filter((w) => w.state === 'queued' && stillDue(w, now)), now);
    const results = await Promise.all(
      leased.map((w) => step(this.ctx, w, now, statuses, buying).catch((err: unknown): StepResult => (this.deps.log.error({ err, withdrawal: w.id }, 'a withdrawal step failed'), null))),
    );
    const idle = leased.filter((_, i) => results[i] === 'idle');
    if (idle.length) await releaseAll(this.ctx, idle, now);
    const placed = await placeAll(
      this.ctx,
      results.filter((r): r is Placed => r !== null && r !== 'idle' && 'placed' in r),
      now,
    );
    return [...results.filter((m): m is WithdrawalMove => m !== null && m !== 'idle' && !('placed' in m)), ...placed];
  }
}
