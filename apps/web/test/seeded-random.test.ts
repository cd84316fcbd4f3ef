import { describe, expect, it } from 'vitest';
import { seededRandom, seedOf } from '#app/lib/seeded-random.ts';

const draw = (seed: number, n: number) => {
  const next = seededRandom(seed);
  return Array.from({ length: n }, () => next());
};

describe('the seeded generator behind roulette strips and battle reels', () => {
  it('draws the same sequence for the same seed, so the server render and the browser show the same strip', () => {
    const seed = seedOf('01HXBATTLE:round-2');
    expect(draw(seed, 200)).toEqual(draw(seed, 200));
  });

  it('draws different strips for different seeds', () => {
    const a = draw(seedOf('case-a'), 20);
    const b = draw(seedOf('case-b'), 20);
    expect(a).not.toEqual(b);
    expect(draw(1, 20)).not.toEqual(draw(2, 20));
  });

  it('stays within [0, 1), so an index drawn from it is always inside the list', () => {
    for (const seed of [0, 1, 0xffffffff, seedOf('edge')]) {
      const strip = draw(seed, 5000);
      expect(Math.min(...strip)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...strip)).toBeLessThan(1);
    }
  });

  it('spreads its draws evenly: every tenth of [0, 1) gets its share of 20 000 draws', () => {
    const buckets = new Array(10).fill(0);
    for (const r of draw(seedOf('spread'), 20_000)) buckets[Math.floor(r * 10)]++;
    // ±15% of 2000 is about 7 standard deviations for a fair generator; the draws are seeded, so this never flickers.
    expect(Math.min(...buckets)).toBeGreaterThan(1700);
    expect(Math.max(...buckets)).toBeLessThan(2300);
  });

  it('does not repeat itself within a strip', () => {
    const strip = draw(seedOf('no-repeat'), 1000);
    expect(new Set(strip).size).toBe(1000);
  });

  it('reads a seed as a 32-bit number: -1 and 2^32 - 1 are the same seed, 2^32 is 0', () => {
    expect(draw(-1, 10)).toEqual(draw(0xffffffff, 10));
    expect(draw(2 ** 32, 10)).toEqual(draw(0, 10));
  });

  it('hashes text with 32-bit FNV-1a (published test vectors)', () => {
    expect(seedOf('')).toBe(0x811c9dc5);
    expect(seedOf('a')).toBe(0xe40c292c);
    expect(seedOf('foobar')).toBe(0xbf9cf968);
  });

  it('gives a non-negative 32-bit seed that differs for nearby texts', () => {
    const seeds = ['battle-1', 'battle-2', 'battle-10', 'Battle-1'].map(seedOf);
    for (const s of seeds) {
      expect(Number.isInteger(s)).toBe(true);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThan(2 ** 32);
    }
    expect(new Set(seeds).size).toBe(seeds.length);
  });
});
