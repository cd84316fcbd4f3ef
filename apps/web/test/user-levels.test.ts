import { describe, expect, it, vi } from 'vitest';
import { levelBatcher } from '#app/lib/user-levels.ts';
import { readableTextOn } from '#app/lib/contrast.ts';
import { LEVEL_BANDS } from '@store/shared/levels';

/** Runs scheduled flushes by hand, so the test says when "the same moment" ends. */
function manual() {
  const queue: (() => void)[] = [];
  return { schedule: (run: () => void) => void queue.push(run), flush: () => queue.splice(0).forEach((run) => run()) };
}

describe('players’ levels for badges, batched', () => {
  it('asks once for every id asked in the same moment, each id once', async () => {
    const fetchLevels = vi.fn(async (ids: number[]) => ids.map((id) => ({ userId: id, level: id * 2 })));
    const clock = manual();
    const load = levelBatcher(fetchLevels, clock.schedule);
    const asked = [load(1), load(2), load(1), load(3)];
    clock.flush();
    expect(await Promise.all(asked)).toEqual([2, 4, 2, 6]);
    expect(fetchLevels).toHaveBeenCalledTimes(1);
    expect(fetchLevels).toHaveBeenCalledWith([1, 2, 3]);
    const later = load(4);
    clock.flush();
    expect(await later).toBe(8);
    expect(fetchLevels).toHaveBeenCalledTimes(2);
  });

  it('splits more than 100 ids into calls of at most 100', async () => {
    const fetchLevels = vi.fn(async (ids: number[]) => ids.map((id) => ({ userId: id, level: 1 })));
    const clock = manual();
    const load = levelBatcher(fetchLevels, clock.schedule);
    const asked = Array.from({ length: 250 }, (_, i) => load(i + 1));
    clock.flush();
    expect((await Promise.all(asked)).every((l) => l === 1)).toBe(true);
    expect(fetchLevels.mock.calls.map(([ids]) => ids.length)).toEqual([100, 100, 50]);
  });

  it('a failed lookup, or an id the answer leaves out, is level 0 (unknown), never an error', async () => {
    const clock = manual();
    const failing = levelBatcher(async () => Promise.reject(new Error('down')), clock.schedule);
    const a = failing(7);
    clock.flush();
    expect(await a).toBe(0);
    const partial = levelBatcher(async () => [{ userId: 1, level: 5 }], clock.schedule);
    const [one, two] = [partial(1), partial(2)];
    clock.flush();
    expect([await one, await two]).toEqual([5, 0]);
  });
});

describe('badge text on the level colours', () => {
  it('picks dark text on light bands and white on dark ones', () => {
    expect(readableTextOn('#ffffff')).toBe('#05060a');
    expect(readableTextOn('#000000')).toBe('#ffffff');
    expect(readableTextOn('#ffb90f')).toBe('#05060a');
  });
  it('every band colour gets text with a contrast of at least 4.5:1', () => {
    const lum = (hex: string) => {
      const n = parseInt(hex.slice(1), 16);
      const c = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * c((n >> 16) & 255) + 0.7152 * c((n >> 8) & 255) + 0.0722 * c(n & 255);
    };
    for (const band of LEVEL_BANDS) {
      const [a, b] = [lum(band.color), lum(readableTextOn(band.color))].sort((x, y) => y - x);
      expect((a! + 0.05) / (b! + 0.05), band.color).toBeGreaterThanOrEqual(4.5);
    }
  });
});
