import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { PeriodicJob } from '../src/platform/periodic-job.ts';

// The pacing of the background jobs and of the activity runner, on a fake clock: what runs when
// is decided by the timers alone, so each step is advanced by hand.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3_600_000;

/** A job whose passes are counted, and held open while `gate` is set, so a wake can land mid-pass. */
function countedJob(opts: { everyMs?: number; dueIn?: () => number | null; fail?: boolean } = {}) {
  const seen = { passes: 0, active: 0, most: 0, errors: 0 };
  let gate: Promise<void> | null = null;
  let open = () => undefined as void;
  const job = new PeriodicJob({
    everyMs: opts.everyMs ?? HOUR,
    dueIn: opts.dueIn,
    log: { error: () => void seen.errors++ } as unknown as FastifyBaseLogger,
    failure: 'the test job failed',
    run: async () => {
      seen.passes++;
      seen.active++;
      seen.most = Math.max(seen.most, seen.active);
      try {
        if (gate) await gate;
        if (opts.fail) throw new Error('the pass failed');
      } finally {
        seen.active--;
      }
    },
  });
  return {
    job,
    seen,
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      gate = null;
      open();
    },
  };
}

describe('PeriodicJob', () => {
  it('runs a pass at start and then once a period', async () => {
    const { job, seen } = countedJob({ everyMs: 1000 });
    job.start();
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.passes).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(seen.passes).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.passes).toBe(2);
    await job.close();
  });

  it('woken between passes, runs one now instead of at the end of the period', async () => {
    const { job, seen } = countedJob();
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.passes).toBe(1);
    job.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.passes).toBe(2);
    // The period starts again from that pass.
    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(seen.passes).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.passes).toBe(3);
    await job.close();
  });

  it('woken during a pass, runs one more right after it ends, never two at once', async () => {
    const { job, seen, hold, release } = countedJob();
    hold();
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.active).toBe(1);
    job.wake();
    job.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.passes).toBe(1);
    const settled = job.settled();
    release();
    await settled;
    await vi.advanceTimersByTimeAsync(0);
    // Any number of wakes during a pass make one more pass, then the period again.
    expect(seen.passes).toBe(2);
    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(seen.passes).toBe(2);
    expect(seen.most).toBe(1);
    await job.close();
  });

  it('runs the next pass as soon as `dueIn` says when that is sooner than the period, never later', async () => {
    let due: number | null = 100;
    const { job, seen } = countedJob({ everyMs: 1000, dueIn: () => due });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(99);
    expect(seen.passes).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.passes).toBe(2);
    due = 5000;
    await vi.advanceTimersByTimeAsync(100);
    expect(seen.passes).toBe(3);
    await vi.advanceTimersByTimeAsync(999);
    expect(seen.passes).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.passes).toBe(4);
    await job.close();
  });

  it('logs a failed pass and retries at the next period', async () => {
    const { job, seen } = countedJob({ everyMs: 1000, fail: true });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toMatchObject({ passes: 1, errors: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toMatchObject({ passes: 2, errors: 2 });
    await job.close();
  });

  it('closed, waits for the pass under way and then neither runs nor wakes until started again', async () => {
    const { job, seen, hold, release } = countedJob({ everyMs: 1000 });
    hold();
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    let closed = false;
    const closing = job.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    release();
    await closing;
    job.wake();
    await vi.advanceTimersByTimeAsync(10 * HOUR);
    expect(seen.passes).toBe(1);
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.passes).toBe(2);
    await job.close();
  });
});
