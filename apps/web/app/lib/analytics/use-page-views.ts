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
 */
export function usePageViews(): void {
  const location = useLocation();
  const matches = useMatches();
  const idle = useNavigation().state === 'idle';
  const previous = useRef<string | null>(null);
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!idle || reported.current === location.key) return;
    reported.current = location.key;
    const here = `${window.location.origin}${location.pathname}${location.search}`;
    const referrer = previous.current ?? document.referrer;
    previous.current = here;
    if (skipped(matches)) return;
    const view = { pathname: location.pathname, search: location.search, referrer };
    // Sent when the browser is idle, in a task of its own rather than the new page's first effects.
    whenIdle(() => analytics.pageView(view));
  }, [idle, location.key, location.pathname, location.search, matches]);
}
