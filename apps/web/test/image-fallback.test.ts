import { describe, expect, it } from 'vitest';
import { DOWN_AFTER_FAILURES, fallbackFor, fallsBack, HostHealth } from '../app/lib/image-fallback.ts';

describe('real pictures falling back to drawings', () => {
  const origin = 'https://store.example';

  it("swaps only another host's https pictures", () => {
    expect(fallsBack('https://cdn.example/a.webp', origin)).toBe(true);
    expect(fallsBack('https://store.example/img/items/a.svg', origin)).toBe(false);
    expect(fallsBack('http://cdn.example/a.webp', origin)).toBe(false);
    expect(fallsBack('/img/items/a.svg', origin)).toBe(false);
    expect(fallsBack('data:image/png;base64,AAAA', origin)).toBe(false);
    expect(fallsBack('https://', origin)).toBe(false);
  });

  it('asks the server for the drawing by the whole address', () => {
    expect(fallbackFor('https://cdn.example/a b.webp?x=1&y=2')).toBe('/img/fallback?src=https%3A%2F%2Fcdn.example%2Fa%20b.webp%3Fx%3D1%26y%3D2');
  });
});

describe('a picture host that cannot be reached', () => {
  it('is down after failing several different pictures with none loaded, and back once one loads', () => {
    const health = new HostHealth();
    const seen: number[] = [];
    health.subscribe(() => seen.push(health.snapshot()));
    health.failure('https://cdn.example/a.webp');
    health.failure('https://cdn.example/a.webp');
    health.failure('https://cdn.example/b.webp');
    // The same picture twice is one failure: a picture gone is not a host gone.
    expect(health.down('https://cdn.example/z.webp')).toBe(false);
    health.failure('https://cdn.example/c.webp');
    expect(DOWN_AFTER_FAILURES).toBe(3);
    expect(health.down('https://cdn.example/z.webp')).toBe(true);
    expect(health.down('https://other.example/z.webp')).toBe(false);
    expect(health.down('/img/items/a.svg')).toBe(false);
    health.success('https://cdn.example/d.webp');
    expect(health.down('https://cdn.example/z.webp')).toBe(false);
    expect(seen).toEqual([1, 2]);
  });

  it('is never down while some of its pictures load', () => {
    const health = new HostHealth();
    health.success('https://cdn.example/ok.webp');
    for (const p of ['a', 'b', 'c', 'd']) health.failure(`https://cdn.example/${p}.webp`);
    expect(health.down('https://cdn.example/z.webp')).toBe(false);
  });
});
