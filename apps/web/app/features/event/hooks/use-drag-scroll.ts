import { useEffect, useRef, type RefObject } from 'react';
import { beginDrag, dragTo, swallowsClick, type Drag } from '../utils/drag-scroll.ts';

/**
 * Drag-to-scroll with the mouse on a horizontal track (touch scrolls natively). Past the click
 * threshold the track follows the pointer and the click ending the press is swallowed before it
 * reaches a card's button; a press that stays within it clicks as usual.
 */
export function useDragScroll(track: RefObject<HTMLElement | null>) {
  const drag = useRef<Drag | null>(null);
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    let swallowNext = false;
    const down = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse' || e.button !== 0) return;
      drag.current = beginDrag(e.clientX, el.scrollLeft);
    };
    const move = (e: PointerEvent) => {
      if (!drag.current) return;
      const was = drag.current.dragging;
      const next = dragTo(drag.current, e.clientX);
      drag.current = next.drag;
      if (next.drag.dragging && !was) {
        el.classList.add('is-dragging');
        el.setPointerCapture?.(e.pointerId);
      }
      if (next.scrollLeft !== null) el.scrollLeft = next.scrollLeft;
    };
    const up = () => {
      const ended = drag.current;
      drag.current = null;
      el.classList.remove('is-dragging');
      if (!swallowsClick(ended)) return;
      // The click of this press comes right after; anything later is a new press.
      swallowNext = true;
      setTimeout(() => (swallowNext = false), 0);
    };
    const click = (e: MouseEvent) => {
      if (!swallowNext) return;
      swallowNext = false;
      e.preventDefault();
      e.stopPropagation();
    };
    // A dragged image or link would start the browser's own drag and drop.
    const dragStart = (e: DragEvent) => e.preventDefault();
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    el.addEventListener('click', click, true);
    el.addEventListener('dragstart', dragStart);
    return () => {
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
      el.removeEventListener('click', click, true);
      el.removeEventListener('dragstart', dragStart);
    };
  }, [track]);
}
