import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COIN_COLOR,
  DEFAULT_EVENT_TABS,
  EVENT_TABS,
  canClaimPassLevel,
  eventTimes,
  isNewEvent,
  passFinished,
  passLevelCosts,
  passLevelFlags,
  passLevelState,
  passLevelType,
  passProgress,
  taskVisible,
} from '../src/battle-pass.ts';

describe('battle pass levels', () => {
  it('are rare at 15, 30 and 40, ultra at 50, classic otherwise', () => {
    const types = Array.from({ length: 50 }, (_, i) => passLevelType(i + 1));
    expect(types.filter((t) => t === 'rare').length).toBe(3);
    expect([15, 30, 40].map(passLevelType)).toEqual(['rare', 'rare', 'rare']);
    expect(passLevelType(50)).toBe('ultra');
    expect([1, 14, 16, 29, 31, 39, 41, 49].map(passLevelType)).toEqual(Array(8).fill('classic'));
  });

  it('cost the difference to the previous level', () => {
    expect(passLevelCosts([100, 250, 450, 700])).toEqual([100, 150, 200, 250]);
    expect(passLevelCosts([0, 50])).toEqual([0, 50]);
    // A threshold below the one before is read as equal to it: no negative cost.
    expect(passLevelCosts([100, 80, 200])).toEqual([100, 0, 100]);
    expect(passLevelCosts([])).toEqual([]);
  });

  it('are reached by the coins earned, and the next one is current', () => {
    const thresholds = [100, 250, 450];
    expect(passProgress(0, thresholds)).toEqual({ reached: 0, current: 1 });
    expect(passProgress(99, thresholds)).toEqual({ reached: 0, current: 1 });
    expect(passProgress(100, thresholds)).toEqual({ reached: 1, current: 2 });
    expect(passProgress(449, thresholds)).toEqual({ reached: 2, current: 3 });
    expect(passProgress(450, thresholds)).toEqual({ reached: 3, current: null });
    expect(passProgress(10_000, thresholds)).toEqual({ reached: 3, current: null });
    // Equivalent mutants: dropping the length bound of the loop (or making it `<=`) reads one
    // element past the end, which is undefined and never `<= earned`, so the loop stops the same.
  });
});

describe('level states (spec §4)', () => {
  const progress = { reached: 2, current: 3 };
  const state = (level: number, claimed = false) => passLevelState(passLevelFlags(level, progress, claimed));

  it('are received once claimed, done while reached and not claimed, current, then locked', () => {
    expect(state(1, true)).toBe('received');
    expect(state(2)).toBe('done');
    expect(state(3)).toBe('current');
    expect(state(4)).toBe('locked');
    expect(state(50)).toBe('locked');
  });

  it('map the server flags as the spec names them', () => {
    expect(passLevelState({ active: false, current: false, done: false })).toBe('locked');
    expect(passLevelState({ active: false, current: true, done: false })).toBe('current');
    expect(passLevelState({ active: true, current: false, done: false })).toBe('done');
    expect(passLevelState({ active: true, current: false, done: true })).toBe('received');
  });

  it('let only a done level be claimed', () => {
    expect(canClaimPassLevel(passLevelFlags(2, progress, false))).toBe(true);
    expect(canClaimPassLevel(passLevelFlags(1, progress, true))).toBe(false);
    expect(canClaimPassLevel(passLevelFlags(3, progress, false))).toBe(false);
    expect(canClaimPassLevel(passLevelFlags(4, progress, false))).toBe(false);
  });
});

describe('tasks and the end of the pass', () => {
  it('list a task only up to the current level and only while incomplete', () => {
    expect(taskVisible({ level: 2, current: 1, end: 3 }, 3)).toBe(true);
    expect(taskVisible({ level: 3, current: 0, end: 3 }, 3)).toBe(true);
    expect(taskVisible({ level: 4, current: 0, end: 3 }, 3)).toBe(false);
    expect(taskVisible({ level: 2, current: 3, end: 3 }, 3)).toBe(false);
    expect(taskVisible({ level: 2, current: 5, end: 3 }, 3)).toBe(false);
    // Every level reached: the incomplete tasks of every level stay listed.
    expect(taskVisible({ level: 50, current: 0, end: 1 }, null)).toBe(true);
  });

  it('is finished when coins exist and no level is current', () => {
    expect(passFinished(500, null)).toBe(true);
    expect(passFinished(0, null)).toBe(false);
    expect(passFinished(500, 7)).toBe(false);
  });
});

describe('the event', () => {
  const start = new Date('2026-11-20T12:00:00Z');

  it('is new for 168 hours from its start, and not before it starts', () => {
    expect(isNewEvent(start, new Date('2026-11-20T12:00:00Z'))).toBe(true);
    expect(isNewEvent(start, new Date('2026-11-27T11:59:59Z'))).toBe(true);
    expect(isNewEvent(start, new Date('2026-11-27T12:00:00Z'))).toBe(false);
    expect(isNewEvent(start, new Date('2026-11-20T11:59:59Z'))).toBe(false);
  });

  it('counts the seconds to its start and to its end, never below zero', () => {
    const end = new Date('2026-12-20T12:00:00Z');
    expect(eventTimes(start, end, new Date('2026-11-20T11:00:00Z'))).toEqual({ timeToEventStart: 3600, timeToEventOver: 30 * 86_400 + 3600 });
    expect(eventTimes(start, end, new Date('2026-12-20T11:59:59.500Z'))).toEqual({ timeToEventStart: 0, timeToEventOver: 1 });
    expect(eventTimes(start, end, new Date('2027-01-01T00:00:00Z'))).toEqual({ timeToEventStart: 0, timeToEventOver: 0 });
  });

  it('falls back to the default coin colour of spec §8', () => {
    expect(DEFAULT_COIN_COLOR).toBe('#F03573');
  });

  it('names its tabs as the spec does, battle pass first by default', () => {
    expect(EVENT_TABS).toEqual(['FreeCases', 'NewCases', 'TastyBattlePass', 'Techies', 'Top']);
    expect(DEFAULT_EVENT_TABS).toEqual(['TastyBattlePass', 'NewCases', 'FreeCases', 'Top']);
  });
});
