import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from '../src/platform/random-pool.ts';

describe('the pooled random bytes of request ids and script nonces', () => {
  it('never hand out the same bytes twice, across many refills of the pool', () => {
    const seen = new Set<string>();
    // 16 bytes at a time, 256 a pool: 2,000 draws cross the refill about eight times.
    for (let i = 0; i < 2000; i++) seen.add(pooledRandomBytes(16).toString('hex'));
    expect(seen.size).toBe(2000);
    // Odd sizes straddle the end of a pool: a draw that does not fit takes a fresh pool whole.
    const odd = Array.from({ length: 600 }, () => pooledRandomBytes(13).toString('hex'));
    expect(new Set(odd).size).toBe(600);
    expect(odd.every((h) => h.length === 26)).toBe(true);
  });

  it('look random: every byte value turns up, none far more often than the rest', () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 4096; i++) for (const b of pooledRandomBytes(16)) counts[b]!++;
    // 65,536 bytes, 256 expected of each value; a stuck or zeroed pool would fail this at once.
    expect(Math.min(...counts)).toBeGreaterThan(150);
    expect(Math.max(...counts)).toBeLessThan(380);
  });

  it('refuse more than a pool holds', () => {
    expect(() => pooledRandomBytes(5000)).toThrow(RangeError);
  });
});
