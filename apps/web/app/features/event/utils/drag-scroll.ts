/**
 * Drag-to-scroll for the pass slider, as pure steps the hook feeds pointer positions into. A press
 * that moves no more than DRAG_CLICK_THRESHOLD px is a click (spec §9: 5 px); past it the press is a
 * drag, the track follows the pointer, and the click that ends it is swallowed, so a drag never
 * claims a reward or opens a case.
 */
export const DRAG_CLICK_THRESHOLD = 5;

/** The lazy-loading margin of the level cards' images (spec §9: 300 px, 150 px under 768 px wide). */
export const lazyMargin = (viewportWidth: number): number => (viewportWidth < 768 ? 150 : 300);

export interface Drag {
  startX: number;
  startScroll: number;
  /** Past the threshold at some point of this press: a drag, not a click. */
  dragging: boolean;
}

export function beginDrag(x: number, scrollLeft: number): Drag {
  return { startX: x, startScroll: scrollLeft, dragging: false };
}

/** The press moved to `x`: whether it is a drag now, and where the track scrolls (null: stays). */
export function dragTo(drag: Drag, x: number, threshold = DRAG_CLICK_THRESHOLD): { drag: Drag; scrollLeft: number | null } {
  const dx = x - drag.startX;
  const dragging = drag.dragging || Math.abs(dx) > threshold;
  return { drag: dragging === drag.dragging ? drag : { ...drag, dragging }, scrollLeft: dragging ? drag.startScroll - dx : null };
}

/** Whether the click that ends this press must be swallowed. */
export const swallowsClick = (drag: Drag | null): boolean => !!drag?.dragging;

/** Where an arrow takes the track: one screen of cards along, within the track. */
export function arrowTarget(scrollLeft: number, clientWidth: number, scrollWidth: number, dir: 1 | -1, step: number): number {
  const by = Math.max(step, Math.floor(clientWidth / step) * step);
  return Math.max(0, Math.min(scrollWidth - clientWidth, scrollLeft + dir * by));
}

/** Which ends the track is at, with a few pixels of slack for fractional scroll positions. */
export function trackEdges(scrollLeft: number, clientWidth: number, scrollWidth: number): { start: boolean; end: boolean } {
  return { start: scrollLeft <= 4, end: scrollLeft + clientWidth >= scrollWidth - 4 };
}
