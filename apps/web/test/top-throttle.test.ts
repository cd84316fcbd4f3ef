import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from '#app/features/leaderboards/utils/throttle.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('live refresh of a board, at most once a second', () => {
  it('runs the first hint at once and folds a burst into one trailing run', () => {
    const fn = vi.fn();
    const t = throttle(fn, 1000);
    t.call();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(50);
      t.call();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(499);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(2);
  });
  it('runs a hint at once when the last run was more than a second ago', () => {
    const fn = vi.fn();
    const t = throttle(fn, 1000);
    t.call();
    vi.advanceTimersByTime(1500);
    t.call();
    expect(fn).toHaveBeenCalledTimes(2);
  });
  it('drops a pending run when cancelled (the page was left)', () => {
    const fn = vi.fn();
    const t = throttle(fn, 1000);
    t.call();
    t.call();
    t.cancel();
    vi.advanceTimersByTime(2000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
