import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEBOUNCE_DEFAULT_MS, delay, DELAY_DEFAULT_MS } from '../src/timing.ts';

afterEach(() => vi.useRealTimers());

describe('timing defaults (spec §9)', () => {
  it('debounce 250 ms, delay 5000 ms', () => {
    expect([DEBOUNCE_DEFAULT_MS, DELAY_DEFAULT_MS]).toEqual([250, 5000]);
  });

  it('a delay without a time waits the default, and no less', async () => {
    vi.useFakeTimers();
    let done = false;
    void delay().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(4999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('a delay given a time waits that', async () => {
    vi.useFakeTimers();
    let done = false;
    void delay(10).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toBe(true);
  });
});
