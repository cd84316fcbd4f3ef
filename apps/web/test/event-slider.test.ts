import { describe, expect, it } from 'vitest';
import {
  arrowTarget,
  beginDrag,
  DRAG_CLICK_THRESHOLD,
  dragTo,
  lazyMargin,
  swallowsClick,
  trackEdges,
  type Drag,
} from '#app/features/event/utils/drag-scroll.ts';

/** Feeds a press through pointer positions, as the hook does. */
function press(xs: number[], scrollLeft = 400): { drag: Drag; scrolls: (number | null)[] } {
  let drag = beginDrag(xs[0]!, scrollLeft);
  const scrolls: (number | null)[] = [];
  for (const x of xs.slice(1)) {
    const next = dragTo(drag, x);
    drag = next.drag;
    scrolls.push(next.scrollLeft);
  }
  return { drag, scrolls };
}

describe('drag-to-scroll on the pass slider (spec §9: a 5 px click threshold)', () => {
  it('is 5 px', () => expect(DRAG_CLICK_THRESHOLD).toBe(5));

  it('a press that moves 5 px or less is a click: the track stays and the click goes through', () => {
    for (const xs of [
      [100, 100],
      [100, 105],
      [100, 95],
      [100, 103, 97, 104],
    ]) {
      const { drag, scrolls } = press(xs);
      expect(drag.dragging).toBe(false);
      expect(scrolls.every((s) => s === null)).toBe(true);
      expect(swallowsClick(drag)).toBe(false);
    }
  });

  it('past 5 px it is a drag: the track follows the pointer and the click is swallowed', () => {
    const { drag, scrolls } = press([100, 106]);
    expect(drag.dragging).toBe(true);
    expect(scrolls).toEqual([394]);
    expect(swallowsClick(drag)).toBe(true);
    // Dragging right pulls the track back to its start; left pushes it on.
    expect(press([100, 160]).scrolls).toEqual([340]);
    expect(press([100, 40]).scrolls).toEqual([460]);
  });

  it('stays a drag once it was one, even back where it started, so a drag never clicks', () => {
    const { drag, scrolls } = press([100, 130, 100]);
    expect(drag.dragging).toBe(true);
    expect(scrolls).toEqual([370, 400]);
    expect(swallowsClick(drag)).toBe(true);
  });

  it('no press swallows nothing', () => expect(swallowsClick(null)).toBe(false));
});

describe('the slider track', () => {
  it('loads card images within 300 px of its edges, 150 px on phones (spec §9)', () => {
    expect(lazyMargin(1280)).toBe(300);
    expect(lazyMargin(768)).toBe(300);
    expect(lazyMargin(767)).toBe(150);
    expect(lazyMargin(360)).toBe(150);
  });

  it('an arrow moves a screen of whole cards, never past either end', () => {
    // Cards 216 px apart, a 1000 px window on a 10 000 px track: four cards a step.
    expect(arrowTarget(0, 1000, 10_000, 1, 216)).toBe(864);
    expect(arrowTarget(864, 1000, 10_000, -1, 216)).toBe(0);
    expect(arrowTarget(100, 1000, 10_000, -1, 216)).toBe(0);
    expect(arrowTarget(8900, 1000, 10_000, 1, 216)).toBe(9000);
    // A window narrower than a card still moves a card.
    expect(arrowTarget(0, 150, 10_000, 1, 152)).toBe(152);
  });

  it('hides the previous arrow at the start and the next at the end', () => {
    expect(trackEdges(0, 1000, 5000)).toEqual({ start: true, end: false });
    expect(trackEdges(2000, 1000, 5000)).toEqual({ start: false, end: false });
    expect(trackEdges(3998, 1000, 5000)).toEqual({ start: false, end: true });
    expect(trackEdges(0, 1000, 900)).toEqual({ start: true, end: true });
  });
});
