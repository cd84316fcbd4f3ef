import type * as HitsModule from './analytics-hits.ts';
import { loadOnce } from '../load-once.ts';

/** Event properties: a few flat values (spec §8: withdraw_failed carries item name, price and code). */
export type EventProps = Record<string, string | number | boolean | null>;

export interface PageView {
  pathname: string;
  search: string;
  referrer: string | null;
}

/**
 * The tracking service as the pages see it (spec §7: third-party). Pages report through this
 * port only; the configured URL decides whether the store's sandbox or a provider receives it.
 * Before the root configures it (the server render, the first moments), hits are dropped.
 */
export interface AnalyticsPort {
  pageView(page: PageView): void;
  /** `path` names the page instead of the address: a web vital's route pattern. */
  event(name: string, props?: EventProps, opts?: { path?: string }): void;
}

let collectUrl: string | null = null;

export function configureAnalytics(url: string | null): void {
  collectUrl = url;
}

// How a hit is made and sent (the session, the beacon) is a chunk of its own, fetched with the first
// hit, which the page sends once it is idle: the first page's scripts do not carry it. Once it has
// come, a hit leaves at once, in the caller's task: the web vitals a page hands over as the player
// leaves it would not outlive another turn. A hit keeps the moment and the address it was asked at;
// one whose chunk did not come is lost, as a refused beacon would be.
type Hits = typeof HitsModule;
let hits: Hits | null = null;
const hitsCome = loadOnce(() => import('./analytics-hits.ts').then((h) => (hits = h)));
const withHits = (send: (h: Hits) => void) => {
  if (hits) return send(hits);
  hitsCome().then(send, () => undefined);
};

export const analytics: AnalyticsPort = {
  pageView(page) {
    const url = collectUrl;
    if (!url) return;
    const at = Date.now();
    withHits((h) => h.sendPageView(url, page, at));
  },
  event(name, props = {}, opts = {}) {
    const url = collectUrl;
    if (!url) return;
    const at = Date.now();
    const path = opts.path ?? window.location.pathname;
    withHits((h) => h.sendEvent(url, { name, path, props }, at));
  },
};
