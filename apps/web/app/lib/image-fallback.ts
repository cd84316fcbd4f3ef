/**
 * Real pictures with the server's drawings behind them (issue 20, spec §4: images fall back).
 * The catalogue's item and case pictures live on an image host; when one cannot load (offline, the
 * host down, a picture gone) the page swaps in the server's drawing of the same item or case,
 * found by the picture's address (`GET /img/fallback?src=`, decision 048). One listener for the
 * whole document, so no image anywhere needs its own handler.
 */

/** Where the drawing of the picture at `src` is. */
export const fallbackFor = (src: string): string => `/img/fallback?src=${encodeURIComponent(src)}`;

/** Whether `src` is a picture from elsewhere that may fall back (the store's own never do). */
export function fallsBack(src: string, origin: string): boolean {
  if (!src.startsWith('https://')) return false;
  try {
    return new URL(src).origin !== origin;
  } catch {
    return false;
  }
}

function swap(img: HTMLImageElement) {
  const src = img.currentSrc || img.src;
  // Once only: a drawing that fails too stays as it is.
  if (img.dataset.fallback || !fallsBack(src, window.location.origin)) return;
  img.dataset.fallback = 'drawn';
  img.removeAttribute('srcset');
  img.src = fallbackFor(src);
}

/**
 * Swaps every failed picture from now on, and those that failed before the script ran (the
 * server-rendered page's). Errors do not bubble, so the listener captures.
 */
export function installImageFallback(doc: Document): void {
  doc.addEventListener(
    'error',
    (e) => {
      if (e.target instanceof HTMLImageElement) swap(e.target);
    },
    true,
  );
  for (const img of Array.from(doc.images)) if (img.complete && img.naturalWidth === 0 && img.src) swap(img);
}
