import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '#app/lib/use-t.ts';

/**
 * The horizontal carousel of board cards (spec §3): two cards with a 16 px gap from 768 px, an
 * automatic slide width with an 8 px gap below (the CSS decides). It scrolls natively (swipe,
 * wheel, keyboard) with snapping; the arrows step one card and hide at either end.
 */
export function LeaderboardCarousel({ children, count, activeIndex }: { children: ReactNode; count: number; activeIndex: number }) {
  const t = useT();
  const track = useRef<HTMLDivElement>(null);
  // Before the browser measures (the server render) the track sits at its start.
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    // A few pixels of slack: scroll positions are fractional on scaled screens, and snapping may
    // stop a hair short of an edge.
    setEdges({ start: el.scrollLeft <= 4, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 4 });
  }, []);

  useEffect(() => {
    measure();
    const el = track.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure, count]);

  // The active board in view: a link to a board further along (?id=) opens the track at it. A
  // card already on screen (the one just clicked) leaves the track where it is.
  useEffect(() => {
    const el = track.current;
    const card = el?.children[activeIndex] as HTMLElement | undefined;
    if (!el || !card) return;
    // The track is the cards' offset parent; its scroll padding keeps the active ring in sight.
    const left = Math.max(0, card.offsetLeft - 2);
    if (left < el.scrollLeft || left + card.offsetWidth > el.scrollLeft + el.clientWidth) el.scrollTo({ left });
  }, [activeIndex]);

  const step = (dir: 1 | -1) => {
    const el = track.current;
    const card = el?.firstElementChild as HTMLElement | null;
    if (!el || !card) return;
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    el.scrollBy({ left: dir * (card.offsetWidth + gap), behavior: 'smooth' });
  };

  return (
    <div className="top-carousel" data-testid="top-carousel">
      {/* Over the cards' edges on wide screens; a bar of their own above the cards on phones. */}
      <div className="top-carousel__nav">
        {!edges.start && (
          <button type="button" className="top-carousel__arrow top-carousel__arrow--prev" onClick={() => step(-1)} aria-label={t('top.prev')} data-testid="top-prev">
            ‹
          </button>
        )}
        {!edges.end && (
          <button type="button" className="top-carousel__arrow top-carousel__arrow--next" onClick={() => step(1)} aria-label={t('top.next')} data-testid="top-next">
            ›
          </button>
        )}
      </div>
      <div className="top-carousel__track" ref={track} onScroll={measure}>
        {children}
      </div>
    </div>
  );
}
