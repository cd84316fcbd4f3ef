/**
 * The header balance's short delta animations (spec §4 Sale aggregation, §9: 1000 ms). While a
 * sale is being aggregated, money coming in is held back and shown once, as one delta, when the
 * aggregation ends; money going out shows at once. Pure, so the rule is tested without a DOM.
 */

/** How long one "+12.50" floats by the balance (spec §9). */
export const BALANCE_DELTA_MS = 1000;

export interface BalanceView {
  /** The last balance the store reported. */
  base: number;
  /** Money come in during the aggregation and not shown yet (`shown + held === base`). */
  held: number;
  /** What the header prints. */
  shown: number;
  /** Counts the deltas shown, to key each animation. */
  seq: number;
}

export interface BalanceStep {
  view: BalanceView;
  /** The delta to float now, if any. */
  delta: number | null;
}

const cents = (n: number) => Math.round(n * 100) / 100;

export const balanceView = (balance: number): BalanceView => ({ base: balance, held: 0, shown: balance, seq: 0 });

/** The view after the store reported `balance`, or after the aggregation started or ended. */
export function stepBalanceView(view: BalanceView, balance: number, aggregating: boolean): BalanceStep {
  const change = cents(balance - view.base);
  if (aggregating) {
    if (change > 0) return { view: { ...view, base: balance, held: cents(view.held + change) }, delta: null };
    if (change < 0) return { view: { ...view, base: balance, shown: cents(view.shown + change), seq: view.seq + 1 }, delta: change };
    return { view, delta: null };
  }
  // Not (or no longer) aggregating: whatever was held comes out now, in one delta with any change.
  const delta = cents(view.held + change);
  if (delta === 0) return { view: { ...view, base: balance, held: 0, shown: balance }, delta: null };
  return { view: { base: balance, held: 0, shown: balance, seq: view.seq + 1 }, delta };
}
