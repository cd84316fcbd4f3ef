import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from '#app/lib/countdown.ts';
import { dailyCardState } from '#app/features/daily-cases/components/daily-case-card.tsx';

const arrived = Date.parse('2025-06-01T23:59:30Z');

describe('a level case countdown, from ready_in and the time the answer arrived', () => {
  it('counts down on the browser clock from the moment the answer arrived', () => {
    expect(secondsLeft(90, arrived, arrived)).toBe(90);
    expect(secondsLeft(90, arrived, arrived + 999)).toBe(90);
    expect(secondsLeft(90, arrived, arrived + 1000)).toBe(89);
    expect(secondsLeft(90, arrived, arrived + 89_999)).toBe(1);
    expect(secondsLeft(90, arrived, arrived + 90_000)).toBe(0);
  });

  it('never goes below zero, and a clock that moved back does not add time', () => {
    expect(secondsLeft(5, arrived, arrived + 3_600_000)).toBe(0);
    expect(secondsLeft(5, arrived, arrived - 60_000)).toBe(5);
    expect(secondsLeft(0, arrived, arrived)).toBe(0);
    expect(secondsLeft(-3, arrived, arrived)).toBe(0);
    expect(secondsLeft(Number.NaN, arrived, arrived)).toBe(0);
  });

  it('writes hh:mm:ss with two digits each, past midnight and past a day without wrapping', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(59)).toBe('00:00:59');
    expect(formatCountdown(61)).toBe('00:01:01');
    expect(formatCountdown(3600)).toBe('01:00:00');
    expect(formatCountdown(86_399)).toBe('23:59:59');
    expect(formatCountdown(86_400)).toBe('24:00:00');
    expect(formatCountdown(25 * 3600 + 5)).toBe('25:00:05');
  });

  it('prints nothing odd for odd input', () => {
    expect(formatCountdown(-10)).toBe('00:00:00');
    expect(formatCountdown(12.9)).toBe('00:00:12');
    expect(formatCountdown(Number.POSITIVE_INFINITY)).toBe('00:00:00');
  });

  it('a full day from the answer shows 24:00:00 first, then ticks', () => {
    const day = 24 * 3600;
    expect(formatCountdown(secondsLeft(day, arrived, arrived))).toBe('24:00:00');
    expect(formatCountdown(secondsLeft(day, arrived, arrived + 1500))).toBe('23:59:59');
  });
});

describe('what a level case card shows', () => {
  const open = { locked: false, lockReason: null } as const;
  it('a lock wins over the timer, the level first named by its reason', () => {
    expect(dailyCardState({ locked: true, lockReason: 'level' }, 0)).toBe('level');
    expect(dailyCardState({ locked: true, lockReason: 'deposit' }, 100)).toBe('deposit');
    expect(dailyCardState({ locked: true, lockReason: 'flag' }, 0)).toBe('off');
    expect(dailyCardState({ locked: true, lockReason: null }, 0)).toBe('level');
  });
  it('an unlocked case is ready when its wait is over, and counting down before', () => {
    expect(dailyCardState(open, 0)).toBe('ready');
    expect(dailyCardState(open, 1)).toBe('cooldown');
  });
});
