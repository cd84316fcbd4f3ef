import { useEffect, useState } from 'react';
import { revealDelayMs } from '@store/shared/reveal';

/** When a player's next opening may be asked for: once the last one's roulette would have stopped. */
export const openingHeldUntil = (answeredAt: number, fast: boolean): number => answeredAt + revealDelayMs('case', fast);

/**
 * The store takes one opening at a time per player and refuses another (`fastOpen`) until the
 * last one's roulette has stopped on its clock, whether or not the player skipped it here. `start`
 * marks an answered opening; `held` stays true until then, so the open button waits instead of
 * drawing the refusal.
 */
export function useOpeningHold() {
  const [until, setUntil] = useState(0);
  useEffect(() => {
    if (!until) return;
    const timer = setTimeout(() => setUntil(0), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  return { held: until > 0, start: (fast: boolean) => setUntil(openingHeldUntil(Date.now(), fast)) };
}
