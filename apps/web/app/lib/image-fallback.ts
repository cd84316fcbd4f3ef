import { whenIdle } from './when-idle.ts';

/**
 * Real pictures with the server's drawings behind them (spec §4: images fall back).
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

/**
 * Hosts this page could not get a picture from. A host that failed several different pictures and
 * gave none is taken as unreachable: the browser queues every later request to it for seconds
 * (a live battle's reels ask for over a hundred a round), so pictures made after that go to their
 * drawings at once instead of staying blank behind the queue. One loaded picture clears it.
 */
export const DOWN_AFTER_FAILURES = 3;
export class HostHealth {
  private readonly failed = new Map<string, Set<string>>();
  private readonly loaded = new Set<string>();
  private version = 0;
  private readonly listeners = new Set<() => void>();

  failure(src: string): void {
    const origin = originOf(src);
    if (!origin || this.loaded.has(origin)) return;
    const seen = this.failed.get(origin) ?? new Set<string>();
    const wasDown = this.down(src);
    seen.add(src);
    this.failed.set(origin, seen);
    if (!wasDown && this.down(src)) this.changed();
  }

  success(src: string): void {
    const origin = originOf(src);
    if (!origin || this.loaded.has(origin)) return;
    const wasDown = this.down(src);
    this.loaded.add(origin);
    if (wasDown) this.changed();
  }

  down(src: string): boolean {
    const origin = originOf(src);
    return origin !== null && !this.loaded.has(origin) && (this.failed.get(origin)?.size ?? 0) >= DOWN_AFTER_FAILURES;
  }

  /** Changes each time a host goes down or comes back: a snapshot for useSyncExternalStore. */
  readonly snapshot = (): number => this.version;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed() {
    this.version++;
    for (const l of this.listeners) l();
  }
}

function originOf(src: string): string | null {
  try {
    return new URL(src).origin;
  } catch {
    return null;
  }
}

/** The page's own record (the browser's; the server render has no failures to remember). */
export const hostHealth = new HostHealth();

function swap(img: HTMLImageElement) {
  const src = img.currentSrc || img.src;
  // Once only: a drawing that fails too stays as it is.
  if (img.dataset.fallback || !fallsBack(src, window.location.origin)) return;
  hostHealth.failure(src);
  img.dataset.fallback = 'drawn';
  img.removeAttribute('srcset');
  img.src = fallbackFor(src);
}

/**
 * Swaps every failed picture from now on, and those that failed before the script ran (the
 * server-rendered page's), whose hosts' successes it counts too. Errors do not bubble, so the
 * listener captures.
 */
export function installImageFallback(doc: Document): void {
  doc.addEventListener(
    'error',
    (e) => {
      if (e.target instanceof HTMLImageElement) swap(e.target);
    },
    true,
  );
  doc.addEventListener(
    'load',
    (e) => {
      const img = e.target;
      if (img instanceof HTMLImageElement && !img.dataset.fallback && fallsBack(img.currentSrc || img.src, window.location.origin)) hostHealth.success(img.currentSrc || img.src);
    },
    true,
  );
  for (const img of Array.from(doc.images)) {
    if (!img.complete || !img.src) continue;
    if (img.naturalWidth === 0) swap(img);
    else if (fallsBack(img.currentSrc || img.src, window.location.origin)) hostHealth.success(img.currentSrc || img.src);
  }
  // A host that answers nothing is looked for once the page is idle (silent-hosts.ts): its first
  // look is seconds away, and the main page's first scripts need not carry it.
  whenIdle(() => {
    import('./silent-hosts.ts')
      .then(({ watchSilentHosts }) => watchSilentHosts(doc, { health: hostHealth, swap, remote: (src) => fallsBack(src, window.location.origin) }))
      .catch(() => undefined);
  });
}
