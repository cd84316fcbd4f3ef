import { describe, expect, it } from 'vitest';
import { dailyCardState } from '#app/features/daily-cases/components/daily-case-card.tsx';

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
