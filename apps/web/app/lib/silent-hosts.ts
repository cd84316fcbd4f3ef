import type { HostHealth } from './image-fallback.ts';

/**
 * A host the network cannot reach often fails nothing: its address resolves slowly or not at all,
 * or a blocked connection is never answered, and the browser keeps its pictures in flight for
 * seconds to minutes, blank, with the page's loading never finishing. A host that has sent no
 * picture while one of its pictures stayed in flight through two looks this far apart is taken as
 * unreachable too. A slow host has sent one by then (one is enough to keep it), so only a host
 * that answers nothing is given up on.
 */
const SILENT_LOOK_MS = 5_000;

/** Browsers fetch lazy pictures from 1 250 to 2 500 px ahead of the screen, and the page's load event waits for them. */
const LAZY_ASKED_WITHIN_PX = 2_500;

/**
 * Looks every SILENT_LOOK_MS for pictures from other hosts still in flight: one in flight at two
 * looks in a row, from a host that has loaded nothing on this page, goes to its drawing, which
 * counts as the host failing it (image-fallback.ts), so once three have, the host is unreachable
 * and every `<Picture>` of it renders its drawing at once. Changing the address cancels the
 * request, so the page's loading finishes. A lazy picture far below the screen is not asked for
 * yet, so it proves nothing.
 */
export function watchSilentHosts(doc: Document, page: { health: HostHealth; swap(img: HTMLImageElement): void; remote(src: string): boolean }): void {
  let inFlight = new Map<HTMLImageElement, string>();
  // Hosts that sent a picture: those loaded before this chunk came, and every one after.
  const answered = new Set<string>();
  const answer = (img: HTMLImageElement) => {
    const src = img.currentSrc || img.src;
    if (img.naturalWidth > 0 && page.remote(src)) answered.add(new URL(src).origin);
  };
  for (const img of Array.from(doc.images)) if (img.complete) answer(img);
  doc.addEventListener('load', (e) => e.target instanceof HTMLImageElement && answer(e.target), true);
  const look = () => {
    const now = new Map<HTMLImageElement, string>();
    for (const img of Array.from(doc.images)) {
      const src = img.currentSrc || img.src;
      if (img.complete || !src || img.dataset.fallback || !page.remote(src)) continue;
      if (img.loading === 'lazy' && img.getBoundingClientRect().top > window.innerHeight + LAZY_ASKED_WITHIN_PX) continue;
      now.set(img, src);
    }
    for (const [img, src] of now) if (inFlight.get(img) === src && !answered.has(new URL(src).origin) && img.isConnected && !img.complete) page.swap(img);
    // The server render's preloads of the same pictures (React announces eager ones in the head):
    // a preload no element uses any more is cancelled with its link.
    for (const link of Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]'))) if (page.health.down(link.href)) link.remove();
    inFlight = now;
  };
  window.setInterval(look, SILENT_LOOK_MS);
}
