import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDragScroll } from '../hooks/use-drag-scroll.ts';
import { LazyTrackContext } from '#app/components/picture.tsx';
import { arrowTarget, lazyMargin, trackEdges } from '../utils/drag-scroll.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The battle pass's horizontal slider of level cards (spec §2): previous and next arrows that
 * hide at either end, native swipe on touch, drag-to-scroll with the mouse (a drag never clicks a
 * card), and the level to look at (`focusIndex`) brought into view when the pass arrives.
 */
export function PassSlider({ children, count, focusIndex }: { children: ReactNode; count: number; focusIndex: number }) {
  const t = useT();
  const track = useRef<HTMLDivElement | null>(null);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const setTrack = useCallback((el: HTMLDivElement | null) => {
    track.current = el;
    setRoot(el);
  }, []);
  useDragScroll(track);
  // The level cards' pictures load as they come within the lazy margin of the track (spec §9).
  const lazyTrack = useMemo(() => ({ root, margin: root ? lazyMargin(window.innerWidth) : 0 }), [root]);

  const measure = useCallback(() => {
    const el = track.current;
    if (el) setEdges(trackEdges(el.scrollLeft, el.clientWidth, el.scrollWidth));
  }, []);

  useEffect(() => {
    measure();
    const el = track.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure, count]);

  // The level to look at, centred when the pass arrives (not on every claim: the track stays put).
  const focused = useRef(false);
  useEffect(() => {
    const el = track.current;
    const card = el?.children[focusIndex] as HTMLElement | undefined;
    if (!el || !card || focused.current) return;
    focused.current = true;
    el.scrollLeft = Math.max(0, card.offsetLeft - (el.clientWidth - card.offsetWidth) / 2);
    measure();
  }, [focusIndex, measure]);

  const step = (dir: 1 | -1) => {
    const el = track.current;
    const card = el?.firstElementChild as HTMLElement | null;
    if (!el || !card) return;
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    el.scrollTo({ left: arrowTarget(el.scrollLeft, el.clientWidth, el.scrollWidth, dir, card.offsetWidth + gap), behavior: 'smooth' });
  };

  return (
    <div className="pass-slider" data-testid="pass-slider">
      {!edges.start && (
        <button
          type="button"
          className="pass-slider__arrow pass-slider__arrow--prev"
          onClick={() => step(-1)}
          aria-label={t('event.prev')}
          data-testid="pass-prev"
        >
          ‹
        </button>
      )}
      <div className="pass-slider__track" ref={setTrack} onScroll={measure} data-testid="pass-track">
        <LazyTrackContext.Provider value={lazyTrack}>{children}</LazyTrackContext.Provider>
      </div>
      {!edges.end && (
        <button
          type="button"
          className="pass-slider__arrow pass-slider__arrow--next"
          onClick={() => step(1)}
          aria-label={t('event.next')}
          data-testid="pass-next"
        >
          ›
        </button>
      )}
    </div>
  );
}
