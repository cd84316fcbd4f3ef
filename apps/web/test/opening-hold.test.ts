import { describe, expect, it } from 'vitest';
import { CASE_FAST_SPIN_MS, CASE_SPIN_MS, REVEAL_MARGIN_MS } from '@store/shared/reveal';
import { openingHeldUntil } from '#app/features/cases/hooks/use-opening-hold.ts';

describe('the next opening waits for the last roulette (spec §8 fastOpen)', () => {
  it("holds the open button as long as the store holds the player's next opening, the fast roulette less", () => {
    expect(openingHeldUntil(1000, false)).toBe(1000 + CASE_SPIN_MS + REVEAL_MARGIN_MS);
    expect(openingHeldUntil(1000, true)).toBe(1000 + CASE_FAST_SPIN_MS + REVEAL_MARGIN_MS);
  });
});
