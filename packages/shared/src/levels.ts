/**
 * Experience, levels and the daily (level) cases: the rules the server enforces and the web
 * shows, in one place. Experience comes from spending on any game, one point per whole GOLD;
 * the level curve is the table below.
 */

import { EXP_KINDS } from './progression.ts';

/** The activities whose spending earns experience: every paid game (the table in progression.ts says which). */
export const SPENDING_KINDS: readonly string[] = EXP_KINDS;
export { expForSpend } from './progression.ts';

/** The highest level; experience past it still counts but shows no further level. */
export const MAX_LEVEL = 200;

/**
 * The level curve: every level from `from` up to `to` costs `step` experience more than the one
 * before. Level 1 is where everyone starts (0 experience), so early levels come in a few cases
 * and later ones take weeks of play. Change a row here and every screen and rule follows.
 */
export const LEVEL_CURVE: readonly { from: number; to: number; step: number }[] = [
  { from: 2, to: 10, step: 500 },
  { from: 11, to: 30, step: 1_500 },
  { from: 31, to: 60, step: 4_000 },
  { from: 61, to: 100, step: 10_000 },
  { from: 101, to: MAX_LEVEL, step: 25_000 },
];

/** Total experience at which each level begins, index = level (index 0 is unused). */
const THRESHOLDS: readonly number[] = (() => {
  const t = [0, 0];
  for (const row of LEVEL_CURVE) for (let l = row.from; l <= row.to; l++) t[l] = t[l - 1]! + row.step;
  return t;
})();

/** The experience at which each level begins, from level 1 (0) to MAX_LEVEL: a level is how many of these an amount reaches. */
export const LEVEL_THRESHOLDS: readonly number[] = THRESHOLDS.slice(1);

/** Experience needed to reach `level` (levels below 1 need none; above the cap, the cap's). */
export const expForLevel = (level: number): number => THRESHOLDS[Math.min(MAX_LEVEL, Math.max(1, Math.floor(level)))]!;

export interface LevelInfo {
  level: number;
  currentExp: number;
  expPreviousLevel: number;
  expToNextLevel: number;
  percentToNextLevel: number;
}

export function levelFromExp(exp: number): LevelInfo {
  const safe = Number.isFinite(exp) ? Math.max(0, Math.floor(exp)) : 0;
  // Binary search for the highest level whose threshold is reached.
  let lo = 1;
  let hi = MAX_LEVEL;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (THRESHOLDS[mid]! <= safe) lo = mid;
    else hi = mid - 1;
  }
  const prev = THRESHOLDS[lo]!;
  if (lo === MAX_LEVEL) return { level: lo, currentExp: safe, expPreviousLevel: prev, expToNextLevel: 0, percentToNextLevel: 100 };
  const next = THRESHOLDS[lo + 1]!;
  return {
    level: lo,
    currentExp: safe,
    expPreviousLevel: prev,
    expToNextLevel: next - safe,
    percentToNextLevel: Math.floor(((safe - prev) / (next - prev)) * 100),
  };
}

// ---------------------------------------------------------------- daily (level) cases

/**
 * The level at which the `index`-th level case of a ladder opens (spec §9): 1, 15, 30, 40 for the
 * first four, then (index + 1) · 15.
 */
export function levelCaseThreshold(index: number): number {
  const first = [1, 15, 30, 40];
  return index < first.length ? first[Math.max(0, index)]! : (index + 1) * 15;
}

/** A level case opens once per this long per player: a rolling day, not a calendar one. */
export const DAILY_CASE_COOLDOWN_MS = 24 * 60 * 60 * 1000;

/** The name a level case shows beside its level: "LEVEL 15" → "15" (spec §3 nextLevelCaseData). */
export const levelCaseShortName = (name: string): string => name.replace(/\s*LEVEL\s*/i, ' ').trim();

/**
 * Seconds until the nearest of the given level cases is ready (0: one is ready now; null: none
 * can be opened at this level). A case never opened, or whose cooldown ended, is ready. Times
 * are instants, so the answer is the same in every time zone and across midnight.
 */
export function nearestCaseTime(cases: readonly { readyAt: Date | null; unlocked: boolean }[], now: Date): number | null {
  let best: number | null = null;
  for (const c of cases) {
    if (!c.unlocked) continue;
    const wait = c.readyAt ? Math.max(0, Math.ceil((c.readyAt.getTime() - now.getTime()) / 1000)) : 0;
    if (best === null || wait < best) best = wait;
  }
  return best;
}

/** Where a player may hear that a daily case is ready (spec §3 Subscriptions). */
export const NOTIFICATION_CHANNELS = ['email', 'steam', 'telegram', 'vk', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

// ---------------------------------------------------------------- level colours

/**
 * The badge colour bands of spec §9: steps of 5 levels up to 99 (1-4, 5-9, ... 95-99), steps of
 * 10 from 100 to 199, and level 200 on its own. Each band has its colour, cooler to hotter.
 */
export interface LevelBand {
  from: number;
  to: number;
  color: string;
}

const BAND_COLORS = [
  '#9aa4b1', '#8fb3c9', '#6ec1e4', '#4fa3ff', '#4b69ff', '#5b5cff', '#7a4dff', '#8847ff', '#a444f0', '#c03fe0',
  '#d32ce6', '#e62ccf', '#f0389f', '#f5436f', '#eb4b4b', '#f2623a', '#f7782f', '#ff8f1f', '#ffa514', '#ffb90f',
  '#e4ae39', '#e8c045', '#eed255', '#f2e168', '#d9e86a', '#b8e06a', '#95d36b', '#6fc46d', '#4fb878', '#36cfc9',
  '#ff4df0',
];

export const LEVEL_BANDS: readonly LevelBand[] = (() => {
  const bands: LevelBand[] = [{ from: 1, to: 4, color: BAND_COLORS[0]! }];
  for (let from = 5; from < 100; from += 5) bands.push({ from, to: from + 4, color: BAND_COLORS[bands.length]! });
  for (let from = 100; from < 200; from += 10) bands.push({ from, to: from + 9, color: BAND_COLORS[bands.length]! });
  bands.push({ from: 200, to: 200, color: BAND_COLORS[bands.length]! });
  return bands;
})();

/** The colour of free cases and free openings, apart from every level band. */
export const FREE_CASE_COLOR = '#2ee59d';

/** The band a level falls in; level 0 (unknown) and below take the first band, above 200 the last. */
export function levelBand(level: number): LevelBand {
  const l = Math.max(1, Math.floor(level));
  // The bands run upwards without gaps, so the first that reaches the level holds it.
  return LEVEL_BANDS.find((b) => l <= b.to) ?? LEVEL_BANDS[LEVEL_BANDS.length - 1]!;
}
