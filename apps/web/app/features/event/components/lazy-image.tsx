import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { lazyMargin } from '../utils/drag-scroll.ts';

/** The scrolling track the images sit in: they load when within the lazy margin of its edges. */
export const LazyRootContext = createContext<HTMLElement | null>(null);

/**
 * An image that loads only once it comes within the lazy margin of its track (spec §9: 300 px,
 * 150 px on phones), so fifty level cards do not fetch fifty pictures at once. A browser without
 * an IntersectionObserver loads it once the track is there.
 */
export function LazyImage({
  src,
  className,
  width,
  height,
  alt = '',
}: {
  src: string;
  className?: string;
  width: number;
  height: number;
  alt?: string;
}) {
  const root = useContext(LazyRootContext);
  const box = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const el = box.current;
    // Until the track is mounted there is nothing to measure against.
    if (shown || !el || !root) return;
    if (typeof IntersectionObserver === 'undefined') {
      queueMicrotask(() => setShown(true));
      return;
    }
    const margin = lazyMargin(window.innerWidth);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setShown(true), {
      root,
      rootMargin: `0px ${margin}px`,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [root, shown]);
  return (
    <span ref={box} className={`lazy-image ${className ?? ''}`} style={{ width, height }} data-loaded={shown}>
      {shown && <img src={src} alt={alt} width={width} height={height} draggable={false} />}
    </span>
  );
}
