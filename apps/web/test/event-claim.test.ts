import { describe, expect, it } from 'vitest';
import { coinBalanceBeforeReveal, coinsGained } from '#app/features/cases/api/open-case.ts';
import { InFlight } from '#app/features/event/utils/claim-gate.ts';
import { afterReveals, holdReveals, revealsHeld } from '#app/lib/reveal-hold.ts';

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('a claim in flight (spec §4: duplicate claims for a level in flight are ignored)', () => {
  it('a second click on the same level while its claim is out sends nothing', async () => {
    const gate = new InFlight<number>();
    const answer = deferred<string>();
    let calls = 0;
    const claim = () => {
      calls++;
      return answer.promise;
    };
    const first = gate.run(3, claim);
    const second = gate.run(3, claim);
    const third = gate.run(3, claim);
    expect(calls).toBe(1);
    expect(gate.has(3)).toBe(true);
    answer.resolve('paid');
    expect(await first).toBe('paid');
    expect(await second).toBeNull();
    expect(await third).toBeNull();
    expect(gate.has(3)).toBe(false);
  });

  it('another level may be claimed meanwhile', async () => {
    const gate = new InFlight<number>();
    const a = deferred<number>();
    const b = deferred<number>();
    const one = gate.run(1, () => a.promise);
    const two = gate.run(2, () => b.promise);
    b.resolve(2);
    a.resolve(1);
    expect(await Promise.all([one, two])).toEqual([1, 2]);
  });

  it('once a claim has answered, even with a refusal, the level can be claimed again', async () => {
    const gate = new InFlight<number>();
    await expect(gate.run(5, () => Promise.reject(new Error('event_level_not_done')))).rejects.toThrow('event_level_not_done');
    expect(gate.has(5)).toBe(false);
    expect(await gate.run(5, async () => 'ok')).toBe('ok');
  });

  it('begin and end mark a level by hand', () => {
    const gate = new InFlight<number>();
    expect(gate.begin(7)).toBe(true);
    expect(gate.begin(7)).toBe(false);
    gate.end(7);
    expect(gate.begin(7)).toBe(true);
  });
});

describe('nothing reveals an outcome before its animation ends', () => {
  it('news runs at once when no animation plays', () => {
    const seen: string[] = [];
    afterReveals(() => seen.push('task'));
    expect(seen).toEqual(['task']);
    expect(revealsHeld()).toBe(false);
  });

  it('news waits for the roulette, then runs in arrival order', () => {
    const seen: string[] = [];
    const release = holdReveals();
    afterReveals(() => seen.push('first'));
    afterReveals(() => seen.push('second'));
    expect(seen).toEqual([]);
    expect(revealsHeld()).toBe(true);
    release();
    expect(seen).toEqual(['first', 'second']);
    expect(revealsHeld()).toBe(false);
  });

  it('waits for every animation still playing; letting go twice counts once', () => {
    const seen: string[] = [];
    const a = holdReveals();
    const b = holdReveals();
    afterReveals(() => seen.push('news'));
    a();
    a();
    expect(seen).toEqual([]);
    b();
    expect(seen).toEqual(['news']);
  });

  it('news that starts an animation of its own holds the rest back', () => {
    const seen: string[] = [];
    const roulette = holdReveals();
    let next: (() => void) | undefined;
    afterReveals(() => {
      seen.push('one');
      next = holdReveals();
    });
    afterReveals(() => seen.push('two'));
    roulette();
    expect(seen).toEqual(['one']);
    next!();
    expect(seen).toEqual(['one', 'two']);
  });
});

describe('the coins of an event case opening', () => {
  const opens = (coins: number[]) => coins.map((c) => ({ coins: c }));
  it('adds up what each opening gave; a case that gives none gives 0', () => {
    expect(coinsGained({ opens: opens([12, 0, 30]) })).toBe(42);
    expect(coinsGained({ opens: opens([0, 0]) })).toBe(0);
    expect(coinsGained({ opens: [] })).toBe(0);
  });
  it('the header takes the cost at once and the coins won only after the roulette', () => {
    // A coin case for 100 coins that gave 7: 160 before, 67 after; 60 shows while it spins.
    expect(coinBalanceBeforeReveal({ coinBalance: 67, opens: opens([7]) })).toBe(60);
    expect(coinBalanceBeforeReveal({ coinBalance: 60, opens: opens([0]) })).toBe(60);
    // An event case bought with money: 23 coins won stay hidden until the roulette stops.
    expect(coinBalanceBeforeReveal({ coinBalance: 23, opens: opens([10, 13]) })).toBe(0);
  });
});
