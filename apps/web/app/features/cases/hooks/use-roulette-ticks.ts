import { useEffect, type RefObject } from 'react';
import { playSound, soundEngine } from '#app/lib/sound-engine.ts';

/** Which card of the strip is under the marker once the strip has moved `offset` px (cards `pitch` apart). */
export const cardAtMarker = (offset: number, windowWidth: number, pitch: number): number =>
  pitch > 0 ? Math.floor((offset + windowWidth / 2) / pitch) : 0;

/** The strip's distance moved, read from the transform the browser is drawing now (mid-transition). */
function movedBy(strip: HTMLElement): number {
  const transform = getComputedStyle(strip).transform;
  return transform && transform !== 'none' ? -new DOMMatrixReadOnly(transform).m41 : 0;
}

/**
 * A tick each time a card passes the roulette's marker: the strip's position is read at every
 * painted frame while it runs, so the ticks follow the easing as drawn, fast then slowing. Nothing
 * is read while the player cannot hear it (before the first touch, or with sound off).
 */
export function useRouletteTicks(box: RefObject<HTMLDivElement | null>, pitch: RefObject<number>, moving: boolean, duration: number) {
  useEffect(() => {
    const el = box.current;
    const strip = el?.querySelector<HTMLElement>('.roulette__strip');
    if (!moving || !el || !strip || !soundEngine().audible()) return;
    let last = cardAtMarker(0, el.clientWidth, pitch.current);
    const until = performance.now() + duration + 200;
    let frame = 0;
    const step = (now: number) => {
      // Gone with the result: the page may paint once more before this effect is cleaned up.
      if (!strip.isConnected) return;
      const card = cardAtMarker(movedBy(strip), el.clientWidth, pitch.current);
      // One tick a frame at most: at the start the strip passes several cards between two paints.
      if (card !== last) playSound({ kind: 'tick' });
      last = card;
      if (now < until) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [box, pitch, moving, duration]);
}
