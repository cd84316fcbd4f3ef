import { describe, expect, it } from 'vitest';
import { loadOnce } from '#app/lib/load-once.ts';

describe('a chunk loaded once', () => {
  it('is fetched once however many ask for it', async () => {
    let fetched = 0;
    const load = loadOnce(async () => ++fetched);
    expect(await Promise.all([load(), load(), load()])).toEqual([1, 1, 1]);
    expect(fetched).toBe(1);
  });

  it('is fetched again by the next call after a failure, then kept', async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls++;
      if (calls === 1) throw new Error('the network lost it');
      return 'here';
    });
    await expect(load()).rejects.toThrow('the network lost it');
    expect(await load()).toBe('here');
    expect(await load()).toBe('here');
    expect(calls).toBe(2);
  });
});
