/**
 * How long each game's animation runs before its outcome may be shown (without these waits the ribbon
 * named the won item 0.3 s into the roulette). The page plays these; the server holds the live
 * events of an outcome, and leaves fresh outcomes out of its recent lists, for the same time, so
 * that neither the player nor anyone watching learns the result before the animation ends.
 */

/** The case roulette, and its fast option. */
export const CASE_SPIN_MS = 5200;
export const CASE_FAST_SPIN_MS = 700;
/** The upgrade wheel. */
export const UPGRADE_WHEEL_MS = 4200;
/** The contract's signing. */
export const CONTRACT_SIGNING_MS = 2200;
/** What a page needs after the animation to show the outcome (its timer's margin, one paint). */
export const REVEAL_MARGIN_MS = 150;

export type RevealKind = 'case' | 'upgrade' | 'contract';

/** How long after the answer an outcome of `kind` is shown, the animation and its margin. */
export function revealDelayMs(kind: RevealKind, fast = false): number {
  const animation = kind === 'case' ? (fast ? CASE_FAST_SPIN_MS : CASE_SPIN_MS) : kind === 'upgrade' ? UPGRADE_WHEEL_MS : CONTRACT_SIGNING_MS;
  return animation + REVEAL_MARGIN_MS;
}
