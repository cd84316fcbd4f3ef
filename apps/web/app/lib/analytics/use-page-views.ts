import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigation } from 'react-router';
import { analytics } from './analytics-port.ts';
import { whenIdle } from '../when-idle.ts';

/** A route's `handle` may say it is not reported as a page view (the operator console). */
export interface PageViewHandle {
  pageView?: false;
}

const skipped = (matches: ReturnType<typeof useMatches>) => matches.some((m) => (m.handle as PageViewHandle | undefined)?.pageView === false);

/**
 * Spec §7: a page view on each page finish unless the route skips it, with the path, the
 * referrer and the campaign parameters. The first page's referrer is the browser's; after a
 * navigation inside the store it is the page the player came from. Only once the navigation is
 * idle: the new page and its data are in.
 *
 * The landing page's view also starts the real players' page figures when `vitals` is on
 * (decision 066): the web-vitals library and the reporter are a chunk of their own
 * (report-web-vitals.ts), fetched then, whose observers read the browser's buffered entries, so
 * nothing before it loaded is missed. INP and CLS come when the player leaves the page and still
 * count for the landing page, as a field tool counts a page load. A page the route skips (the
 * console) reports nothing.
 */
export function usePageViews(vitals: boolean): void {
  const location = useLocation();
  const matches = useMatches();
  const idle = useNavigation().state === 'idle';
  const previous = useRef<string | null>(null);
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!idle || reported.current === location.key) return;
    reported.current = location.key;
    const here = `${window.location.origin}${location.pathname}${location.search}`;
    const landing = previous.current === null;
    const referrer = previous.current ?? document.referrer;
    previous.current = here;
    if (skipped(matches)) return;
    const view = { pathname: location.pathname, search: location.search, referrer };
    const params = matches[matches.length - 1]?.params ?? {};
    // Sent when the browser is idle, in a task of its own rather than the new page's first effects.
    whenIdle(() => {
      analytics.pageView(view);
      // A chunk that did not come costs the player nothing; the figures miss one page load.
      if (landing && vitals) import('./report-web-vitals.ts').then((r) => r.reportWebVitals(view.pathname, params), () => undefined);
    });
  }, [idle, location.key, location.pathname, location.search, matches, vitals]);
}
