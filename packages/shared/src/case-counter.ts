/**
 * A case card's counter of what is left (spec §4): the opens remaining of a limited case, as a
 * bar that never runs past its ends and turns "low" at a tenth or less of the limit.
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
