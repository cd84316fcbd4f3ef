/**
 * A case card's counters of what is left (spec §4): the opens remaining of a limited case, or the
 * time remaining of a case sold within a window, each a bar that never runs past its ends and
 * turns "low" at a tenth or less.
 */
export const COUNTER_LOW_SHARE = 0.1;

export interface CaseCounter {
  left: number;
  total: number;
  /** The bar's fill, 0–100. */
  percent: number;
  low: boolean;
}

/** The counter of a case limited to `total` opens with `left` of them remaining; null for an unlimited case. */
export function quantityCounter(total: number | null | undefined, left: number | null | undefined): CaseCounter | null {
  if (total == null || left == null || !(total > 0)) return null;
  const share = Math.max(0, Math.min(1, left / total));
  return { left: Math.max(0, left), total, percent: Math.round(share * 1000) / 10, low: share <= COUNTER_LOW_SHARE };
}

export interface CaseTimeCounter {
  /** Whole seconds until the window closes, never below 0. */
  secondsLeft: number;
  /** The window's length in whole seconds. */
  totalSeconds: number;
  /** The bar's fill, 0–100: the share of the window still to run. */
  percent: number;
  low: boolean;
}

/**
 * The counter of a case sold from `startsAt` until `endsAt` (epoch ms), at `now`; null for a case
 * without a window. Before the window opens the bar is full; once it has closed, empty and low.
 */
export function timeCounter(startsAt: number | null | undefined, endsAt: number | null | undefined, now: number): CaseTimeCounter | null {
  if (startsAt == null || endsAt == null || !(endsAt > startsAt)) return null;
  const share = Math.max(0, Math.min(1, (endsAt - now) / (endsAt - startsAt)));
  return {
    secondsLeft: Math.max(0, Math.ceil((endsAt - now) / 1000)),
    totalSeconds: Math.round((endsAt - startsAt) / 1000),
    percent: Math.round(share * 1000) / 10,
    low: share <= COUNTER_LOW_SHARE,
  };
}
