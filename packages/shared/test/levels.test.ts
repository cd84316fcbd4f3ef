import { describe, expect, it } from 'vitest';
import {
  DAILY_CASE_COOLDOWN_MS,
  expForLevel,
  expForSpend,
  FREE_CASE_COLOR,
  LEVEL_BANDS,
  LEVEL_CURVE,
  LEVEL_THRESHOLDS,
  levelBand,
  levelCaseShortName,
  levelCaseThreshold,
  levelFromExp,
  MAX_LEVEL,
  nearestCaseTime,
} from '../src/levels.ts';

describe('the level curve', () => {
  it('starts everyone at level 1 and climbs at the thresholds of the table', () => {
    expect(levelFromExp(0)).toEqual({ level: 1, currentExp: 0, expPreviousLevel: 0, expToNextLevel: 500, percentToNextLevel: 0 });
    expect(levelFromExp(499).level).toBe(1);
    expect(levelFromExp(500).level).toBe(2);
    // Levels 2-10 cost 500 each, 11-30 1500 each: level 10 at 4500, level 11 at 6000, level 15 at 12000.
    expect(expForLevel(10)).toBe(4_500);
    expect(expForLevel(11)).toBe(6_000);
    expect(expForLevel(15)).toBe(12_000);
    expect(expForLevel(30)).toBe(34_500);
    expect(expForLevel(31)).toBe(38_500);
    expect(expForLevel(100)).toBe(554_500);
    expect(expForLevel(MAX_LEVEL)).toBe(3_054_500);
    for (let l = 2; l <= MAX_LEVEL; l++) {
      expect(levelFromExp(expForLevel(l)).level).toBe(l);
      expect(levelFromExp(expForLevel(l) - 1).level).toBe(l - 1);
    }
  });

  it('hands the server its thresholds from level 1 to the top, the table the opening function counts against', () => {
    expect(LEVEL_THRESHOLDS).toHaveLength(MAX_LEVEL);
    expect(LEVEL_THRESHOLDS.slice(0, 3)).toEqual([0, 500, 1000]);
    LEVEL_THRESHOLDS.forEach((at, i) => expect(at).toBe(expForLevel(i + 1)));
  });

  it('makes every level cost at least as much as the one before', () => {
    for (let l = 3; l <= MAX_LEVEL; l++) expect(expForLevel(l) - expForLevel(l - 1)).toBeGreaterThanOrEqual(expForLevel(l - 1) - expForLevel(l - 2));
    expect(LEVEL_CURVE[LEVEL_CURVE.length - 1]!.to).toBe(MAX_LEVEL);
  });

  it('reports the progress bar, ignoring fractions and nonsense', () => {
    expect(levelFromExp(750)).toEqual({ level: 2, currentExp: 750, expPreviousLevel: 500, expToNextLevel: 250, percentToNextLevel: 50 });
    expect(levelFromExp(12_749.9)).toEqual({ level: 15, currentExp: 12_749, expPreviousLevel: 12_000, expToNextLevel: 751, percentToNextLevel: 49 });
    expect(levelFromExp(-40)).toMatchObject({ level: 1, currentExp: 0 });
    expect(levelFromExp(Number.NaN)).toMatchObject({ level: 1, currentExp: 0 });
  });

  it('stops at the top level with a full bar', () => {
    expect(levelFromExp(expForLevel(MAX_LEVEL) + 1_000_000)).toMatchObject({ level: MAX_LEVEL, expToNextLevel: 0, percentToNextLevel: 100 });
    expect(expForLevel(MAX_LEVEL + 5)).toBe(expForLevel(MAX_LEVEL));
    expect(expForLevel(0)).toBe(0);
    expect(expForLevel(-3)).toBe(0);
  });

  it('earns one point per whole GOLD spent', () => {
    expect(expForSpend(0)).toBe(0);
    expect(expForSpend(-500)).toBe(0);
    expect(expForSpend(99)).toBe(0);
    expect(expForSpend(100)).toBe(1);
    expect(expForSpend(199)).toBe(1);
    expect(expForSpend(12_345)).toBe(123);
  });
});

describe('level cases', () => {
  it('open once per rolling day', () => {
    expect(DAILY_CASE_COOLDOWN_MS).toBe(86_400_000);
  });

  it('sit at the thresholds of spec §9: 1, 15, 30, 40, then (index + 1) · 15', () => {
    expect(Array.from({ length: 10 }, (_, i) => levelCaseThreshold(i))).toEqual([1, 15, 30, 40, 75, 90, 105, 120, 135, 150]);
    expect(levelCaseThreshold(-1)).toBe(1);
  });

  it('show their name without the word LEVEL', () => {
    expect(levelCaseShortName('LEVEL 15')).toBe('15');
    expect(levelCaseShortName('LEVEL15')).toBe('15');
    expect(levelCaseShortName('Case LEVEL 15')).toBe('Case 15');
    expect(levelCaseShortName('Level 1 Gold')).toBe('1 Gold');
    expect(levelCaseShortName('Обычный')).toBe('Обычный');
  });

  describe('nearest_case_time', () => {
    const at = (iso: string) => new Date(iso);

    it('is 0 when an unlocked case was never opened or its day has passed, null when none is unlocked', () => {
      const now = at('2026-03-01T12:00:00Z');
      expect(nearestCaseTime([{ readyAt: null, unlocked: true }], now)).toBe(0);
      expect(nearestCaseTime([{ readyAt: at('2026-03-01T11:59:59Z'), unlocked: true }], now)).toBe(0);
      expect(nearestCaseTime([{ readyAt: null, unlocked: false }], now)).toBeNull();
      expect(nearestCaseTime([], now)).toBeNull();
    });

    it('counts a rolling day across midnight, not to the next calendar day', () => {
      // Opened at 23:30 UTC: ready at 23:30 the next day, not at midnight 30 minutes later.
      const opened = at('2026-03-01T23:30:00Z');
      const readyAt = new Date(opened.getTime() + 24 * 3600_000);
      expect(nearestCaseTime([{ readyAt, unlocked: true }], at('2026-03-02T00:00:00Z'))).toBe(23.5 * 3600);
      expect(nearestCaseTime([{ readyAt, unlocked: true }], at('2026-03-02T23:29:59Z'))).toBe(1);
      expect(nearestCaseTime([{ readyAt, unlocked: true }], at('2026-03-02T23:30:00Z'))).toBe(0);
    });

    it('is the same in every time zone: the instants are what count', () => {
      const readyAt = at('2026-03-02T06:00:00+03:00'); // 03:00 UTC
      const moscow = at('2026-03-02T01:00:00+03:00');
      const newYork = at('2026-03-01T17:00:00-05:00');
      const vladivostok = at('2026-03-02T08:00:00+10:00');
      for (const now of [moscow, newYork, vladivostok]) expect(nearestCaseTime([{ readyAt, unlocked: true }], now)).toBe(5 * 3600);
    });

    it('takes the soonest unlocked case and rounds a part-second up', () => {
      const now = at('2026-03-01T00:00:00.000Z');
      const cases = [
        { readyAt: at('2026-03-01T05:00:00Z'), unlocked: true },
        { readyAt: at('2026-03-01T01:00:00.200Z'), unlocked: true },
        { readyAt: null, unlocked: false },
      ];
      expect(nearestCaseTime(cases, now)).toBe(3601);
      expect(nearestCaseTime([...cases].reverse(), now)).toBe(3601);
      // Equivalent mutant: keeping the first or the last of two equal waits (`<` or `<=`) answers
      // the same number of seconds, so no test can tell them apart.
    });
  });
});

describe('level colours', () => {
  it('run in bands of 5 up to 99, of 10 up to 199, and 200 alone', () => {
    expect(LEVEL_BANDS[0]).toMatchObject({ from: 1, to: 4 });
    expect(LEVEL_BANDS[1]).toMatchObject({ from: 5, to: 9 });
    expect(levelBand(99)).toMatchObject({ from: 95, to: 99 });
    expect(levelBand(100)).toMatchObject({ from: 100, to: 109 });
    expect(levelBand(199)).toMatchObject({ from: 190, to: 199 });
    expect(levelBand(200)).toMatchObject({ from: 200, to: 200 });
    expect(LEVEL_BANDS).toHaveLength(31);
    // Every level from 1 to 200 is in exactly one band, and neighbouring bands differ.
    for (let l = 1; l <= 200; l++) expect(LEVEL_BANDS.filter((b) => l >= b.from && l <= b.to)).toHaveLength(1);
    for (let i = 1; i < LEVEL_BANDS.length; i++) expect(LEVEL_BANDS[i]!.color).not.toBe(LEVEL_BANDS[i - 1]!.color);
    // Each band is a colour a badge can paint, and no two bands share one.
    for (const b of LEVEL_BANDS) expect(b.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(LEVEL_BANDS.map((b) => b.color)).size).toBe(LEVEL_BANDS.length);
  });

  it('give unknown levels the first band, levels past 200 the last, and free cases a colour of their own', () => {
    expect(levelBand(0)).toBe(LEVEL_BANDS[0]);
    expect(levelBand(-5)).toBe(LEVEL_BANDS[0]);
    expect(levelBand(4.9)).toBe(LEVEL_BANDS[0]);
    expect(levelBand(999)).toBe(LEVEL_BANDS[30]);
    expect(FREE_CASE_COLOR).toMatch(/^#[0-9a-f]{6}$/);
    expect(LEVEL_BANDS.map((b) => b.color)).not.toContain(FREE_CASE_COLOR);
  });
});
