import { describe, expect, it } from 'vitest';
import {
  defaultUpgradeTargetPrice,
  isUpgradeFeasible,
  isUpgradePriceDifferenceValid,
  isUpgradeSumValid,
  isUpgradeWin,
  nearestByPrice,
  UPGRADE_QUICK_MULTIPLIERS,
  upgradeChance,
  upgradeChanceLabel,
  upgradeExpectedValue,
  upgradeTargetRange,
  upgradeWinRange,
  upgradeWinTickets,
} from '../src/upgrade.ts';

describe('upgrade chance', () => {
  it('is the price ratio times the rate, rounded to 5 decimals, times 100', () => {
    expect(upgradeChance(100, 150, 0.9)).toBe(60);
    expect(upgradeChance(100, 200, 0.9)).toBe(45);
    // 1/3 × 0.9 = 0.3 exactly; 1/7 × 0.9 = 0.128571428… → 0.12857 → 12.857 %
    expect(upgradeChance(1, 3, 0.9)).toBe(30);
    expect(upgradeChance(1, 7, 0.9)).toBe(12.857);
    // round half up at the 5th decimal: 0.123455 → 0.12346
    expect(upgradeChance(123_455, 1_000_000, 1)).toBe(12.346);
  });

  it('depends on the ratio of stake to target, whatever the stake', () => {
    // Minor units as the server passes them: 25.00 staked on a 75.00 item at rate 0.9 is 30 %.
    expect(upgradeChance(2500, 7500, 0.9)).toBe(30);
    expect(upgradeWinTickets(2500, 7500, 0.9)).toBe(30_000);
    expect(upgradeChance(250, 1000, 0.8)).toBe(20);
    expect(upgradeChance(3, 4, 0.9)).toBe(67.5);
    expect(upgradeChance(12_000, 100_000, 1)).toBe(12);
    expect(upgradeExpectedValue(2500, 7500, 0.9)).toBeCloseTo(2250, 6);
  });

  it('is 0 for a stake, target or rate that is not a positive number', () => {
    expect(upgradeWinTickets(Number.NaN, 100, 0.9)).toBe(0);
    expect(upgradeWinTickets(-50, 100, 0.9)).toBe(0);
    expect(upgradeWinTickets(50, Number.NaN, 0.9)).toBe(0);
    expect(upgradeWinTickets(50, 100, Number.NaN)).toBe(0);
    expect(upgradeWinTickets(50, 100, -1)).toBe(0);
    expect(upgradeWinTickets(50, 100, 0)).toBe(0);
  });

  it('has at most 3 decimals and an integer count of winning tickets', () => {
    for (let s = 1; s < 400; s += 7) {
      for (let t = s + 1; t < 5000; t += 131) {
        const chance = upgradeChance(s, t, 0.9);
        expect(Math.round(chance * 1000) / 1000).toBe(chance);
        expect(upgradeWinTickets(s, t, 0.9)).toBe(Math.round(chance * 1000));
      }
    }
  });

  it('is clamped to 0..100', () => {
    expect(upgradeChance(1000, 10, 0.9)).toBe(100);
    expect(upgradeChance(0, 10, 0.9)).toBe(0);
    expect(upgradeChance(10, 0, 0.9)).toBe(0);
    expect(upgradeChance(1, 1e9, 0.9)).toBe(0);
  });

  it('labels low below 25, middle from 25 to below 60, high from 60', () => {
    expect(upgradeChanceLabel(0)).toBe('low');
    expect(upgradeChanceLabel(24.999)).toBe('low');
    expect(upgradeChanceLabel(25)).toBe('middle');
    expect(upgradeChanceLabel(59.999)).toBe('middle');
    expect(upgradeChanceLabel(60)).toBe('high');
    expect(upgradeChanceLabel(100)).toBe('high');
  });
});

describe('upgrade validity', () => {
  it('accepts a price difference only below the maximum, never without a stake', () => {
    expect(isUpgradePriceDifferenceValid(1, 7999, 8000)).toBe(true);
    expect(isUpgradePriceDifferenceValid(1, 8000, 8000)).toBe(false);
    expect(isUpgradePriceDifferenceValid(1, 9000, 8000)).toBe(false);
    expect(isUpgradePriceDifferenceValid(0, 10, 8000)).toBe(false);
    // Stakes other than 1: target / stake against the maximum.
    expect(isUpgradePriceDifferenceValid(250, 1_999_750, 8000)).toBe(true);
    expect(isUpgradePriceDifferenceValid(250, 2_000_000, 8000)).toBe(false);
    expect(isUpgradePriceDifferenceValid(3, 20, 7)).toBe(true);
    expect(isUpgradePriceDifferenceValid(3, 21, 7)).toBe(false);
    expect(isUpgradePriceDifferenceValid(-5, 10, 8000)).toBe(false);
    expect(isUpgradePriceDifferenceValid(10, 0, 8000)).toBe(false);
  });

  it('is feasible only with a nonzero stake and a target', () => {
    expect(isUpgradeFeasible(10, true)).toBe(true);
    expect(isUpgradeFeasible(0, true)).toBe(false);
    expect(isUpgradeFeasible(10, false)).toBe(false);
  });

  it('needs a target that costs more than the stake', () => {
    expect(isUpgradeSumValid(100, 101)).toBe(true);
    expect(isUpgradeSumValid(100, 100)).toBe(false);
    expect(isUpgradeSumValid(0, 100)).toBe(false);
  });

  it('starts the target picker at the stake times 1.5', () => {
    expect(defaultUpgradeTargetPrice(200)).toBe(300);
    expect(defaultUpgradeTargetPrice(200, 2)).toBe(400);
  });
});

describe('upgrade roll', () => {
  it('wins on 1..chance×1000, or reversed on the top chance×1000 tickets', () => {
    expect(upgradeWinRange(12.345, false)).toEqual({ from: 1, to: 12_345 });
    expect(upgradeWinRange(12.345, true)).toEqual({ from: 87_656, to: 100_000 });
    expect(upgradeWinRange(0, true)).toBeNull();
    expect(isUpgradeWin(12_345, 12.345, false)).toBe(true);
    expect(isUpgradeWin(12_346, 12.345, false)).toBe(false);
    expect(isUpgradeWin(87_655, 12.345, true)).toBe(false);
    expect(isUpgradeWin(87_656, 12.345, true)).toBe(true);
    expect(isUpgradeWin(100_000, 12.345, true)).toBe(true);
    expect(isUpgradeWin(1, 0, false)).toBe(false);
    expect(isUpgradeWin(100_000, 0, true)).toBe(false);
    expect(isUpgradeWin(100_000, 100, false)).toBe(true);
    expect(isUpgradeWin(1, 100, true)).toBe(true);
  });

  it('wins on exactly as many tickets either way', () => {
    for (const chance of [0.011, 1.5, 33.333, 60, 99.999]) {
      let normal = 0;
      let reversed = 0;
      for (let t = 1; t <= 100_000; t++) {
        if (isUpgradeWin(t, chance, false)) normal++;
        if (isUpgradeWin(t, chance, true)) reversed++;
      }
      expect(normal).toBe(Math.round(chance * 1000));
      expect(reversed).toBe(normal);
    }
  });

  it('returns the rate in expectation unless clamped', () => {
    expect(upgradeExpectedValue(1000, 3000, 0.9)).toBeCloseTo(900, 6);
    expect(upgradeExpectedValue(1000, 500, 0.9)).toBe(500);
  });

  it('finds the item nearest a price', () => {
    const prices = [10, 20, 40, 80];
    expect(nearestByPrice(prices, 0)).toBe(0);
    expect(nearestByPrice(prices, 15)).toBe(0);
    expect(nearestByPrice(prices, 16)).toBe(1);
    expect(nearestByPrice(prices, 61)).toBe(3);
    expect(nearestByPrice(prices, 1000)).toBe(3);
    expect(nearestByPrice([], 5)).toBe(-1);
  });

  it('goes to the cheaper item on a tie, and an exact price to the first item of that price', () => {
    expect(nearestByPrice([10, 20, 40, 80], 30)).toBe(1);
    expect(nearestByPrice([10, 20, 20, 20, 30], 20)).toBe(1);
    expect(nearestByPrice([10, 20, 20, 20, 30], 26)).toBe(4);
    expect(nearestByPrice([5], 100)).toBe(0);
    expect(nearestByPrice([5], 1)).toBe(0);
  });
});

describe('the target list\'s price range', () => {
  it('starts above the stake and narrows to what the player typed', () => {
    expect(upgradeTargetRange(10, '', '')).toEqual({ min: 10.01, max: null, empty: false });
    expect(upgradeTargetRange(36.95, '', '')).toEqual({ min: 36.96, max: null, empty: false });
    expect(upgradeTargetRange(10, '25', '100')).toEqual({ min: 25, max: 100, empty: false });
    // A lower bound under the stake is a cent above it: nothing cheaper, nor the stake's own price, can be a target.
    expect(upgradeTargetRange(10, '5', '')).toEqual({ min: 10.01, max: null, empty: false });
    expect(upgradeTargetRange(10, '10', '')).toEqual({ min: 10.01, max: null, empty: false });
    // A Russian keyboard's decimal comma is read as the point.
    expect(upgradeTargetRange(0, '12,5', ' 20 ')).toEqual({ min: 12.5, max: 20, empty: false });
  });

  it('ignores bounds that are not prices, and calls a reversed range empty', () => {
    expect(upgradeTargetRange(0, 'abc', '-3')).toEqual({ min: 0, max: null, empty: false });
    expect(upgradeTargetRange(0, '0', '0')).toEqual({ min: 0, max: null, empty: false });
    expect(upgradeTargetRange(10, '50', '40').empty).toBe(true);
    expect(upgradeTargetRange(10, '', '10').empty).toBe(true);
    expect(upgradeTargetRange(10, '', '10.01').empty).toBe(false);
    // Both bounds include their price: a range of one price is not empty.
    expect(upgradeTargetRange(0, '5', '5').empty).toBe(false);
  });

  it('offers the default price factor first among the quick multipliers, then rising ones', () => {
    expect(UPGRADE_QUICK_MULTIPLIERS[0]).toBe(1.5);
    expect([...UPGRADE_QUICK_MULTIPLIERS].sort((a, b) => a - b)).toEqual([...UPGRADE_QUICK_MULTIPLIERS]);
  });
});

// Mutants `npm run mutate` leaves alive in upgrade.ts, each equivalent:
// - line 15, `stakeSum > 0` → `stakeSum >= 0` and `rate > 0` → `rate >= 0`: a stake or rate of 0
//   gives round(0) = 0 winning tickets anyway.
// - line 33, `stakeSum > 0` → `stakeSum >= 0`: target / 0 is Infinity, never below the maximum.
