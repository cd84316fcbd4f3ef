import { pageViewOf } from '@store/shared/analytics';
import { analyticsSessionId } from './analytics-session.ts';
import { sendBeacon } from './beacon-transport.ts';

/** Event properties: a few flat values (spec §8: withdraw_failed carries item name, price and code). */
export type EventProps = Record<string, string | number | boolean | null>;

/**
 * The tracking service as the pages see it (spec §7: third-party). Pages report through this
 * port only; the configured URL decides whether the store's sandbox or a provider receives it.
 * Before the root configures it (the server render, the first moments), hits are dropped.
 */
export interface AnalyticsPort {
  pageView(page: { pathname: string; search: string; referrer: string | null }): void;
  /** `path` names the page instead of the address: a web vital's route pattern. */
  event(name: string, props?: EventProps, opts?: { path?: string }): void;
}

let collectUrl: string | null = null;

export function configureAnalytics(url: string | null): void {
  collectUrl = url;
}

export const analytics: AnalyticsPort = {
  pageView(page) {
    if (!collectUrl) return;
    sendBeacon(collectUrl, pageViewOf({ ...page, sessionId: analyticsSessionId(), at: Date.now() }));
  },
  event(name, props = {}, opts = {}) {
    if (!collectUrl) return;
    sendBeacon(collectUrl, { type: 'event', session_id: analyticsSessionId(), name, path: opts.path ?? window.location.pathname, props, at: Date.now() });
  },
};
