import { useEffect, type RefObject } from 'react';
import { soundEngine } from '#app/lib/sound-engine.ts';
import { tickTimes } from '../utils/roulette-ticks.ts';

/**
 * A tick each time a card passes the roulette's marker while the strip moves `distance` px over
 * `duration` ms. The ticks are laid out on the audio clock when the run starts, from the strip's
 * easing, so they follow the strip as drawn however few frames a busy page paints; a strip that
 * goes away takes its remaining ticks with it. Nothing is laid out while the player cannot hear
 * it (before the first touch, or with sound off).
 */
export function useRouletteTicks(box: RefObject<HTMLDivElement | null>, pitch: RefObject<number>, distance: number, duration: number) {
  useEffect(() => {
    const el = box.current;
    const engine = soundEngine();
    if (!distance || !el || !engine.audible()) return;
    const stops = tickTimes(distance, el.clientWidth, pitch.current, duration).map((ms) => engine.play({ kind: 'tick' }, ms / 1000));
    return () => stops.forEach((stop) => stop());
  }, [box, pitch, distance, duration]);
}
