import { describe, expect, it } from 'vitest';
import { needsConfirmation, rememberSkipSmall, skipsSmall, SMALL_SUM } from '#app/lib/confirm-rule.ts';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
};

describe('confirming irreversible spends and sales', () => {
  it('asks for every sum until the player opts out of small ones, and then still for big ones', () => {
    expect(needsConfirmation(1, false)).toBe(true);
    expect(needsConfirmation(SMALL_SUM, true)).toBe(false);
    expect(needsConfirmation(SMALL_SUM + 0.01, true)).toBe(true);
    expect(needsConfirmation(468, true)).toBe(true);
  });

  it('remembers the opt-out per kind of action, and a broken storage always asks', () => {
    const storage = memory();
    expect(skipsSmall(storage, 'sell-all')).toBe(false);
    rememberSkipSmall(storage, 'sell-all');
    expect(skipsSmall(storage, 'sell-all')).toBe(true);
    expect(skipsSmall(storage, 'buy-offer')).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(skipsSmall(broken, 'sell-all')).toBe(false);
    expect(() => rememberSkipSmall(broken, 'sell-all')).not.toThrow();
    expect(skipsSmall(null, 'buy-offer')).toBe(false);
  });
});
