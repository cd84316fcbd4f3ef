import { useCallback, useEffect, useRef } from 'react';
import { holdReveals } from './reveal-hold.ts';

/**
 * A page's hold on reveals for the animation it plays: `hold` from the click, `letGo` when the
 * outcome shows (or the action fails); leaving the page lets go too.
 */
export function useRevealHold(): { hold: () => void; letGo: () => void } {
  const held = useRef<(() => void) | null>(null);
  const letGo = useCallback(() => {
    held.current?.();
    held.current = null;
  }, []);
  const hold = useCallback(() => {
    letGo();
    held.current = holdReveals();
  }, [letGo]);
  useEffect(() => letGo, [letGo]);
  return { hold, letGo };
}
