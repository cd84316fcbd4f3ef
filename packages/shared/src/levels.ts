/**
 * Experience and levels. A player earns 1 experience point per whole GOLD spent; reaching
 * level L takes 50·L·(L+1) points in all, so early levels come quickly and later ones slow down.
 */
export const expForLevel = (level: number): number => (level <= 0 ? 0 : 50 * level * (level + 1));

export interface LevelInfo {
  level: number;
  currentExp: number;
  expPreviousLevel: number;
  expToNextLevel: number;
  percentToNextLevel: number;
}

export function levelFromExp(exp: number): LevelInfo {
  const safe = Math.max(0, Math.floor(exp));
  // Inverse of 50·L·(L+1) ≤ exp. Below 2^53 the square root is exact at the thresholds, so the
  // estimate is never low; just under a threshold near 2^53 it can round up by one level.
  let level = Math.floor((-1 + Math.sqrt(1 + safe / 12.5)) / 2);
  if (expForLevel(level) > safe) level--;
  const prev = expForLevel(level);
  const next = expForLevel(level + 1);
  return {
    level,
    currentExp: safe,
    expPreviousLevel: prev,
    expToNextLevel: next - safe,
    percentToNextLevel: Math.floor(((safe - prev) / (next - prev)) * 100),
  };
}

/** Experience a spend of `minor` units earns. */
export const expForSpend = (minor: number): number => Math.floor(minor / 100);
