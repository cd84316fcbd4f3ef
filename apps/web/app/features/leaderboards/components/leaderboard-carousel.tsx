import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The horizontal carousel of board cards (spec §3): two cards with a 16 px gap from 768 px, an
 * automatic slide width with an 8 px gap below (the CSS decides). It scrolls natively (swipe,
 * wheel, keyboard) with snapping; the arrows step one card and hide at either end.
 */
export function LeaderboardCarousel({ children, count }: { children: ReactNode; count: number }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  // Before the browser measures (the server render) the track sits at its start.
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    // A pixel of slack: scroll positions are fractional on scaled screens.
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    measure();
    const el = track.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure, count]);

  const step = (dir: 1 | -1) => {
    const el = track.current;
    const card = el?.firstElementChild as HTMLElement | null;
    if (!el || !card) return;
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    el.scrollBy({ left: dir * (card.offsetWidth + gap), behavior: 'smooth' });
  };

  return (
    <div className="top-carousel" data-testid="top-carousel">
      <div className="top-carousel__track" ref={track} onScroll={measure}>
        {children}
      </div>
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
  );
}
