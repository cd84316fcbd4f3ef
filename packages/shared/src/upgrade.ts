import { TICKETS, UPGRADE_DEFAULT_PRICE_FACTOR } from './constants.ts';

/**
 * The upgrade rules of spec §5 and §9, shared by the server that rolls and the page that shows
 * the chance. Prices are in any one unit (the server passes minor units); only ratios matter.
 *
 * chance (percent) = clamp(round5(stake / target × rate) × 100, 0, 100). Written as
 * round(ratio × rate × 100000) / 1000 so the percent has exactly 3 decimals and
 * `chance × 1000` is the integer count of winning tickets.
 */
export type UpgradeChanceLabel = 'low' | 'middle' | 'high';

/** The number of winning tickets out of 100000: chance × 1000, an integer in 0..100000. */
export function upgradeWinTickets(stakeSum: number, targetPrice: number, rate: number): number {
  if (!(stakeSum > 0) || !(targetPrice > 0) || !(rate > 0)) return 0;
  const tickets = Math.round((stakeSum / targetPrice) * rate * TICKETS);
  return Math.min(TICKETS, Math.max(0, tickets));
}

/** The chance in percent with 3 decimals, clamped to 0..100. */
export const upgradeChance = (stakeSum: number, targetPrice: number, rate: number): number =>
  upgradeWinTickets(stakeSum, targetPrice, rate) / 1000;

/** Spec §5: low below 25, middle 25 to below 60, high from 60. */
export function upgradeChanceLabel(chance: number): UpgradeChanceLabel {
  if (chance < 25) return 'low';
  if (chance < 60) return 'middle';
  return 'high';
}

/** Spec §5: valid only if target / stake is below the configured maximum; no stake is invalid. */
export const isUpgradePriceDifferenceValid = (stakeSum: number, targetPrice: number, maxDifference: number): boolean =>
  stakeSum > 0 && targetPrice > 0 && targetPrice / stakeSum < maxDifference;

/** Spec §5: an upgrade needs a nonzero stake and a selected target. */
export const isUpgradeFeasible = (stakeSum: number, targetSelected: boolean): boolean => stakeSum > 0 && targetSelected;

/** The target must cost more than the stake: an upgrade never trades down. */
export const isUpgradeSumValid = (stakeSum: number, targetPrice: number): boolean => stakeSum > 0 && targetPrice > stakeSum;

/**
 * The winning ticket range for a chance (DESIGN): 1..chance×1000, or with the wheel reversed
 * the top chance×1000 tickets (100000 − chance×1000 + 1)..100000. Null when nothing wins.
 */
export function upgradeWinRange(chance: number, reversed: boolean): { from: number; to: number } | null {
  const tickets = Math.round(chance * 1000);
  if (tickets <= 0) return null;
  return reversed ? { from: TICKETS - tickets + 1, to: TICKETS } : { from: 1, to: tickets };
}

/** DESIGN: win iff ticket <= chance×1000, or reversed iff ticket > 100000 − chance×1000. */
export function isUpgradeWin(ticket: number, chance: number, reversed: boolean): boolean {
  const tickets = Math.round(chance * 1000);
  return reversed ? ticket > TICKETS - tickets : ticket <= tickets;
}

/** Where the target picker starts: the stake times the price factor (1.5 by default, spec §9). */
export const defaultUpgradeTargetPrice = (stakeSum: number, factor: number = UPGRADE_DEFAULT_PRICE_FACTOR): number => stakeSum * factor;

/**
 * The quick multipliers beside the target: one tap takes the cheapest item worth at
 * least the stake times the multiplier. 1.5 is the spec's default price factor.
 */
export const UPGRADE_QUICK_MULTIPLIERS = [UPGRADE_DEFAULT_PRICE_FACTOR, 2, 3, 5, 10] as const;

/**
 * The price range the target list asks for: above the stake (a target must cost more, spec §9)
 * and within what the player typed. A bound that is empty, not a number or not above zero is no
 * bound; an upper bound under the lower one is `empty`, said to the player rather than asked.
 */
export function upgradeTargetRange(stakeSum: number, from: string, to: string): { min: number; max: number | null; empty: boolean } {
  const bound = (raw: string) => {
    const n = Number(raw.trim().replace(',', '.'));
    return raw.trim() !== '' && Number.isFinite(n) && n > 0 ? n : null;
  };
  // A target must cost more than the stake: the list starts a cent above it (the API's bound is
  // inclusive), so it never offers an item of the stake's own price that cannot be picked.
  const above = stakeSum > 0 ? Math.round(stakeSum * 100 + 1) / 100 : 0;
  const min = Math.max(above, bound(from) ?? 0);
  const max = bound(to);
  return { min, max, empty: max !== null && max < min };
}

/** Index of the price-sorted item nearest to a price (ties go to the cheaper one); -1 for none. */
export function nearestByPrice(sortedPrices: readonly number[], price: number): number {
  if (!sortedPrices.length) return -1;
  let lo = 0;
  let hi = sortedPrices.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sortedPrices[mid]! < price) lo = mid + 1;
    else hi = mid;
  }
  const below = sortedPrices[lo - 1] ?? -Infinity; // nothing below the cheapest
  return price - below <= sortedPrices[lo]! - price ? lo - 1 : lo;
}

/**
 * What a player can expect back from one upgrade, in the stake's unit: chance × target.
 * Equals stake × rate unless the chance was clamped at 100 (then the target is worth less).
 */
export const upgradeExpectedValue = (stakeSum: number, targetPrice: number, rate: number): number =>
  (upgradeWinTickets(stakeSum, targetPrice, rate) / TICKETS) * targetPrice;
