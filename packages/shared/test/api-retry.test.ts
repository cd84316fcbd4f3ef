import { describe, expect, it } from 'vitest';
import { retriesFor, retryDelayMs, shouldRetry } from '../src/api-retry.ts';

describe('when a call is asked again (spec §7)', () => {
  it('once for methods that change nothing, never for those that may act', () => {
    expect(['GET', 'get', 'HEAD', 'OPTIONS'].map(retriesFor)).toEqual([1, 1, 1, 1]);
    expect(['POST', 'PATCH', 'PUT', 'DELETE'].map(retriesFor)).toEqual([0, 0, 0, 0]);
  });

  it('on the listed statuses only, and only on the first attempt', () => {
    const retried = Array.from({ length: 600 }, (_, s) => s).filter((s) => shouldRetry('GET', s, 0));
    expect(retried).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    expect(shouldRetry('GET', 503, 1)).toBe(false);
    expect(shouldRetry('POST', 503, 0)).toBe(false);
  });

  it("waits the server's Retry-After within bounds, else a short pause", () => {
    expect(retryDelayMs('1')).toBe(1000);
    expect(retryDelayMs('0')).toBe(200);
    expect(retryDelayMs('120')).toBe(2000);
    expect(retryDelayMs(null)).toBe(300);
    expect(retryDelayMs('Wed, 21 Oct 2015 07:28:00 GMT')).toBe(300);
  });
});

describe('which failures of the session read sign the player out (spec §8)', () => {
  it('authentication and unpredicted only', async () => {
    const { endsSession } = await import('../src/api-retry.ts');
    expect(['authentication', 'unpredicted'].map(endsSession)).toEqual([true, true]);
    expect(['balance_error', 'userNotFound', 'fastOpen', 'error_battle_authorize', ''].map(endsSession)).toEqual([false, false, false, false, false]);
  });
});
