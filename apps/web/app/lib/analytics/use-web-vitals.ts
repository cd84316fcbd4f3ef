import { useEffect, useRef } from 'react';
import { useMatches } from 'react-router';
import type { PageViewHandle } from './use-page-views.ts';
import { whenIdle } from '../when-idle.ts';

/**
 * Real players' page figures (decision 066): LCP, INP, CLS, FCP and TTFB of the page the player
 * landed on, measured by the web-vitals library in their own browser and sent through the
 * analytics port under the route's pattern (`/open/:caseName`), not the address
 * (report-web-vitals.ts). The library is a chunk of its own, fetched once the page is idle: the
 * main page's first scripts keep only this hook, and its observers read the browser's buffered
 * entries, so nothing before it loaded is missed. INP and CLS come when the player leaves the page
 * (or hides the tab) and still count for the page the player landed on, as a field tool counts a
 * page load. A store without analytics loads nothing; a route that skips page views (the console)
 * is no player's page and reports nothing.
 */
export function useWebVitals(analyticsUrl: string | null): void {
  const matches = useMatches();
  // The landing page: the figures belong to the document's load, whatever the player opens next.
  const landing = useRef<{ pathname: string; params: Readonly<Record<string, string | undefined>>; skipped: boolean } | null>(null);
  if (landing.current === null) {
    const last = matches[matches.length - 1];
    landing.current = {
      pathname: last?.pathname ?? '/',
      params: last?.params ?? {},
      skipped: matches.some((m) => (m.handle as PageViewHandle | undefined)?.pageView === false),
    };
  }
  useEffect(() => {
    const { pathname, params, skipped } = landing.current!;
    if (!analyticsUrl || skipped) return;
    let off = false;
    const cancel = whenIdle(() => {
      import('./report-web-vitals.ts')
        .then(({ reportWebVitals }) => {
          if (!off) reportWebVitals(pathname, params);
        })
        // A chunk that did not come costs the player nothing; the figures miss one page load.
        .catch(() => undefined);
    });
    return () => {
      off = true;
      cancel();
    };
    // Once per document: the library reports each metric of the landing page by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
