import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactEventHandler } from 'react';
import { UNSAFE_DataRouterStateContext as DataRouterState } from 'react-router';
import {
  densitySrcSet,
  imageOptions,
  pictureSources,
  resolveImageSrc,
  type ImageCrossOrigin,
  type ImageDecoding,
  type ImageLoading,
  type ImageSizer,
} from '@store/shared/image';
import { fallbackFor, hostHealth } from '#app/lib/image-fallback.ts';
import { PLACEHOLDER_ATTR } from '#app/lib/image-placeholder.ts';

/**
 * Where the storage bucket is: a deployment serves it under `/static/`, a project's files in a
 * folder of the project's name (decision 053). The store's own `/img/` pictures are on the page's
 * origin, so their base URL is empty.
 */
const BUCKET_URL = '/static';
const BASE_URL = '';

/**
 * A scrolling track whose pictures load only when they come within `margin` pixels of its edges
 * (spec §9: the level slider's lazy-load margin). `root` is null until the track is mounted, and
 * until then its pictures wait.
 */
export const LazyTrackContext = createContext<{ root: HTMLElement | null; margin: number } | null>(null);

export interface PictureProps {
  src: string;
  /** CSS pixels; with the height they hold the picture's place before it loads. */
  width: number;
  height: number;
  alt?: string;
  className?: string;
  style?: CSSProperties;
  title?: string;
  draggable?: boolean;
  onError?: ReactEventHandler<HTMLImageElement>;
  /** Spec §5: lazy by default (spec §9). */
  loading?: ImageLoading;
  /** Spec §5: async by default. */
  decoding?: ImageDecoding;
  /** Spec §5: `true` is `anonymous`, `false` leaves the attribute out. */
  crossOrigin?: ImageCrossOrigin;
  /** The page's main picture above the fold (its largest paint): fetched at once and before the others. */
  priority?: boolean;
  /**
   * A picture on every page that is not what the page is about (the live ribbon): fetched after the
   * page's own, and never preloaded from the head, where the server render would otherwise announce
   * it (React preloads eager pictures) and a host that does not answer would keep the page loading.
   */
  background?: boolean;
  /** An image service to ask for sized copies (srcset, avif and webp sources); the store has none yet. */
  sizer?: ImageSizer;
  'data-testid'?: string;
}

/**
 * Every picture of the catalogue and of the content (items, cases, avatars, event art, banners):
 * an `<img>` of a fixed size, lazy and decoded off the main thread unless told otherwise, over a
 * tinted placeholder until it loads (`lib/image-placeholder.ts`). A picture from another host that
 * fails is swapped for the server's drawing by the document's listener (`lib/image-fallback.ts`).
 */
export function Picture({ src, width, height, alt = '', loading, decoding, crossOrigin, priority = false, background = false, sizer, ...rest }: PictureProps) {
  const track = useContext(LazyTrackContext);
  const options = imageOptions({ loading: priority ? 'eager' : loading, decoding, crossOrigin });
  const real = useImageSrc()(src);
  // A host the page found unreachable: straight to the drawing. Hydration renders what the server did.
  const drawn = useSyncExternalStore(hostHealth.subscribe, hostHealth.snapshot, () => 0) > 0 && hostHealth.down(real);
  const url = drawn ? fallbackFor(real) : real;
  const { ref, near } = useNear(track && options.loading === 'lazy' ? track : null);
  const img = (
    <img
      {...rest}
      ref={ref}
      src={near ? url : undefined}
      srcSet={near && !drawn ? densitySrcSet(url, width, sizer) : undefined}
      data-fallback={drawn ? 'drawn' : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={options.loading}
      decoding={options.decoding}
      crossOrigin={options.crossOrigin}
      fetchPriority={priority ? 'high' : background ? 'low' : undefined}
      {...{ [PLACEHOLDER_ATTR]: '' }}
      // The document's listener takes the placeholder off a picture that loads before hydration: by design, not a mismatch.
      suppressHydrationWarning
    />
  );
  const sources = near && !drawn ? pictureSources(url, width, sizer) : [];
  if (!sources.length) return img;
  return (
    <picture>
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} />
      ))}
      {img}
    </picture>
  );
}

/** Where a picture's address leads (spec §9), for a page that writes its own `<source>`s (art by screen width). */
export function useImageSrc(): (src: string) => string {
  // The root loader's configuration names the project. Read from the router's state rather than
  // with useRouteLoaderData, so a picture renders outside a data router too (a component's test).
  const root = useContext(DataRouterState)?.loaderData.root as { config?: { project?: string } } | undefined;
  const where = { project: root?.config?.project ?? 'cs', bucketUrl: BUCKET_URL, baseUrl: BASE_URL };
  return (src) => resolveImageSrc(src, where);
}

/**
 * Whether a picture in a lazy track has come near enough to load; always, outside one. A browser
 * without an IntersectionObserver loads it once the track is there.
 */
function useNear(track: { root: HTMLElement | null; margin: number } | null) {
  const ref = useRef<HTMLImageElement>(null);
  const [seen, setSeen] = useState(false);
  const root = track?.root ?? null;
  const margin = track?.margin ?? 0;
  const waiting = track !== null && !seen;
  useEffect(() => {
    const el = ref.current;
    if (!waiting || !el || !root) return;
    if (typeof IntersectionObserver === 'undefined') {
      queueMicrotask(() => setSeen(true));
      return;
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { root, rootMargin: `0px ${margin}px` });
    io.observe(el);
    return () => io.disconnect();
  }, [waiting, root, margin]);
  return { ref, near: !waiting };
}
