/** The stake field's rules: reading what the player typed, the quick buttons, and the limits. */

import { formatNumber } from '@store/shared/money';
import type { Lang } from '#app/lib/lang.ts';

export interface StakeLimits {
  minStake: number;
  maxStake: number;
  /** The player's balance; null for a guest. */
  balance: number | null;
}

export type StakeProblem = 'invalid' | 'min' | 'max' | 'balance';

const floorCents = (n: number) => Math.floor(n * 100 + 1e-9) / 100;

/** A typed amount ("1,5" or "1.5"), to cents; null when it is not a positive number. */
export function parseStake(text: string): number | null {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(clean)) return null;
  const value = floorCents(Number(clean));
  return value > 0 ? value : null;
}

/**
 * A stake as the field shows it: the page language's decimal sign ("1,5" on a Russian page,
 * decision 049) and no thousand separators, so that `parseStake` reads it back as it is.
 */
export const formatStake = (stake: number, lang: Lang): string =>
  formatNumber(stake, { locale: lang, digits: 2, fixed: false, grouping: false });

/** The stake a new page offers: one unit, within the limits. */
export const defaultStake = (limits: Pick<StakeLimits, 'minStake' | 'maxStake'>): number =>
  Math.min(limits.maxStake, Math.max(limits.minStake, 1));

/** The most the player may stake now: the maximum, or less when the balance is lower (never below the minimum). */
export function stakeCap(limits: StakeLimits): number {
  if (limits.balance === null || limits.balance < limits.minStake) return limits.maxStake;
  return Math.min(limits.maxStake, floorCents(limits.balance));
}

/** ½, ×2, min and max, kept within the limits and the balance. */
export function quickStake(kind: 'half' | 'double' | 'min' | 'max', stake: number | null, limits: StakeLimits): number {
  const cap = stakeCap(limits);
  const clamp = (n: number) => Math.min(cap, Math.max(limits.minStake, floorCents(n)));
  const base = stake ?? limits.minStake;
  switch (kind) {
    case 'half':
      return clamp(base / 2);
    case 'double':
      return clamp(base * 2);
    case 'min':
      return limits.minStake;
    case 'max':
      return cap;
  }
}

/** Why a stake cannot be played, or null when it can. */
export function stakeProblem(stake: number | null, limits: StakeLimits): StakeProblem | null {
  if (stake === null) return 'invalid';
  if (stake < limits.minStake) return 'min';
  if (stake > limits.maxStake) return 'max';
  if (limits.balance !== null && stake > limits.balance) return 'balance';
  return null;
}

/** The mine count the stepper gives, within the limits. */
export const clampMines = (mines: number, min: number, max: number): number => Math.min(max, Math.max(min, Math.round(mines)));

/** The preset mine counts offered as buttons. */
export const MINE_PRESETS = [1, 3, 5, 10, 24] as const;
