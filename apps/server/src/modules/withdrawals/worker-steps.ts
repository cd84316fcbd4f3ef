// The withdrawal worker's decisions: what one leased withdrawal's next step is, by its state and
// what the marketplace said (buy, confirm a purchase, follow an order, wait, or hand it to the
// operators).
import { SUPPORT_AFTER_MS, tradeLinkParts, WITHDRAWAL_COUNTDOWN_MS, type WithdrawalState } from '@store/shared/withdrawals';
import { VendorUnreachable, type OrderStatus } from './vendor.ts';
import type { Statuses, StepResult, WithdrawalMove, WithdrawalRow, WorkerContext } from './worker-context.ts';
import { release } from './worker-lease.ts';
import { move } from './worker-moves.ts';

/** A purchase whose price moved above the ceiling is tried again after this, until its deadline. */
const PRICE_RETRY_MS = 15_000;
/**
 * A purchase the store's balance at the markets cannot pay waits this long and is asked again,
 * its deadline moved on each time: it queues while the operators top the balance up, never fails.
 */
const BALANCE_RETRY_MS = 30_000;
const BALANCE_SHORT = 'market_balance_short';

/** Whether a queued withdrawal may still be bought: before its deadline, or whenever it waits for a market's balance. */
export const stillDue = (w: WithdrawalRow, now: Date): boolean => now < w.deadline || w.reason === BALANCE_SHORT;

/** One leased withdrawal's step; `buying` holds the batch's purchases just marked, by id. */
export async function step(ctx: WorkerContext, w: WithdrawalRow, now: Date, statuses: Statuses, buying: Map<number, WithdrawalRow>): Promise<StepResult> {
  switch (w.state as WithdrawalState) {
    case 'queued': {
      if (!stillDue(w, now)) return move(ctx, w, 'failed', { reason: 'deadline' });
      const marked = buying.get(w.id);
      return marked ? buy(ctx, marked, now) : null;
    }
    case 'buying':
    case 'unconfirmed':
      return confirm(ctx, w, now, statuses);
    case 'waiting_seller':
    case 'offer_sent':
      return follow(ctx, w, now, statuses);
    default:
      return null;
  }
}

/** Asks for the purchase of a withdrawal marked `buying`, under its fixed id, and moves it by the answer. */
async function buy(ctx: WorkerContext, b: WithdrawalRow, now: Date): Promise<StepResult> {
  const parts = b.method === 'trade' && b.tradeLink ? tradeLinkParts(b.tradeLink) : { partner: '0', token: b.steamLogin ?? '' };
  try {
    const r = await ctx.vendor.buyFor({ customId: b.customId, hashName: b.marketName, maxPrice: b.maxPrice, partner: parts?.partner ?? '0', token: parts?.token ?? '' });
    if (r.kind === 'placed') return { placed: b, orderId: r.orderId };
    if (r.kind === 'unavailable') return move(ctx, b, 'unavailable', { reason: 'unavailable' });
    if (r.kind === 'refused') return move(ctx, b, 'failed', { reason: r.reason });
    if (r.kind === 'balance_short') return move(ctx, b, 'queued', { reason: BALANCE_SHORT, deadline: new Date(now.getTime() + WITHDRAWAL_COUNTDOWN_MS) }, BALANCE_RETRY_MS);
    return now.getTime() + PRICE_RETRY_MS < b.deadline.getTime() ? move(ctx, b, 'queued', { reason: 'price_too_high' }, PRICE_RETRY_MS) : move(ctx, b, 'failed', { reason: 'price_too_high' });
  } catch (err) {
    if (!(err instanceof VendorUnreachable)) throw err;
    return move(ctx, b, 'unconfirmed', { reason: err.message });
  }
}

/**
 * Reads the order by our id and moves the withdrawal by what the marketplace says. An order it
 * does not know: before the purchase was confirmed (`confirm`) it was never taken, and is asked
 * for again under the same id, which cannot buy twice; once placed (`follow`) it cannot vanish,
 * so an operator looks. No answer: try later (or the operators, past the limit).
 */
async function track(ctx: WorkerContext, w: WithdrawalRow, now: Date, statuses: Statuses, unknownOrder: () => Promise<WithdrawalMove | null>): Promise<StepResult> {
  const s = statuses.get(w.customId) ?? new VendorUnreachable('the marketplace was not asked');
  if (s instanceof VendorUnreachable) return stuck(ctx, w, now, s.message);
  return s.kind === 'not_found' ? unknownOrder() : apply(ctx, w, s, now);
}

function confirm(ctx: WorkerContext, w: WithdrawalRow, now: Date, statuses: Statuses): Promise<StepResult> {
  return track(ctx, w, now, statuses, () => (now >= w.deadline ? move(ctx, w, 'failed', { reason: 'deadline' }) : move(ctx, w, 'queued', {}, 0)));
}

function follow(ctx: WorkerContext, w: WithdrawalRow, now: Date, statuses: Statuses): Promise<StepResult> {
  return track(ctx, w, now, statuses, () => move(ctx, w, 'support', { reason: 'order_not_found' }));
}

async function apply(ctx: WorkerContext, w: WithdrawalRow, s: Exclude<OrderStatus, { kind: 'not_found' }>, now: Date): Promise<StepResult> {
  const placed = { vendorOrderId: s.orderId, placedAt: w.placedAt ?? now };
  switch (s.kind) {
    case 'waiting_seller':
      return w.state === 'waiting_seller' ? wait(ctx, w, now) : move(ctx, w, 'waiting_seller', placed);
    case 'offer_sent':
      return w.state === 'offer_sent' ? wait(ctx, w, now) : move(ctx, w, 'offer_sent', { ...placed, tradeId: s.tradeId, sendUntil: s.sendUntil });
    case 'accepted':
      return move(ctx, w, 'accepted', { ...placed, tradeId: s.tradeId || w.tradeId });
    case 'failed':
      return move(ctx, w, 'failed', { ...placed, reason: s.reason });
  }
}

/** Nothing new: ask again later (released with the batch's other idle ones), unless it has waited past the operators' limit. */
async function wait(ctx: WorkerContext, w: WithdrawalRow, now: Date): Promise<StepResult> {
  if (w.placedAt && now.getTime() - w.placedAt.getTime() > SUPPORT_AFTER_MS) return move(ctx, w, 'support', { reason: 'not_settled' });
  return 'idle';
}

/** The marketplace did not answer: try later; a purchase left unsettled past the limit goes to the operators. */
async function stuck(ctx: WorkerContext, w: WithdrawalRow, now: Date, reason: string): Promise<WithdrawalMove | null> {
  const since = (w.placedAt ?? w.createdAt).getTime();
  if (now.getTime() - since > SUPPORT_AFTER_MS) return move(ctx, w, 'support', { reason });
  await release(ctx, w, now, reason);
  return null;
}
