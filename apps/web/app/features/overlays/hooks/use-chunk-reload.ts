import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import { guardedReload, rememberPendingNavigation, takePendingNavigation } from '#app/lib/chunk-reload.ts';
import { useLatest } from '#app/lib/use-latest.ts';

const here = () => `${location.pathname}${location.search}${location.hash}`;

/**
 * Where the router is heading, read from the router itself: React Router reloads the moment a
 * route's script fails, which on a slow phone can be before React has rendered the navigation.
 */
function routerTarget(): string | null {
  const nav = (window as { __reactRouterDataRouter?: { state: { navigation: { state: string; location?: Location | { pathname: string; search: string; hash: string } } } } })
    .__reactRouterDataRouter?.state.navigation;
  return nav?.state === 'loading' && nav.location ? `${nav.location.pathname}${nav.location.search}${nav.location.hash}` : null;
}

/**
 * When this page's document began to run, as a wall-clock time (the remembered navigation is
 * judged against it, not against the end of a hydration that a slow device may take seconds
 * over), and whether the document is a reload, which is how React Router answers a failed chunk.
 */
function thisDocument(): { at: number; reloaded: boolean } {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry ? { at: Math.round(performance.timeOrigin + entry.domInteractive), reloaded: entry.type === 'reload' } : { at: Date.now(), reloaded: false };
}

/**
 * Spec §8: a route chunk that fails to load reloads to the page the player was going to.
 * React Router reloads the page being left; the target is kept in session storage as the page
 * goes away mid-navigation, and the fresh page moves on to it once, under the reload guard.
 * A lazy import inside a page that fails (Vite's `vite:preloadError`) reloads the same way.
 */
export function useChunkReload() {
  const navigation = useNavigation();
  const target =
    navigation.state === 'loading' ? `${navigation.location.pathname}${navigation.location.search}${navigation.location.hash}` : null;
  const pending = useLatest(target);

  useEffect(() => {
    try {
      const doc = thisDocument();
      const next = takePendingNavigation(sessionStorage, { here: here(), reloaded: doc.reloaded }, doc.at);
      if (next) guardedReload(sessionStorage, next, Date.now(), (url) => location.replace(url));
    } catch {
      // No session storage (a locked-down browser): a failed chunk then reloads where it was.
    }
  }, []);

  useEffect(() => {
    const onHide = () => {
      try {
        const target = routerTarget() ?? pending.current;
        if (target) rememberPendingNavigation(sessionStorage, { url: target, from: here(), at: Date.now() });
      } catch {
        // Nothing to keep it in: the reload stays where it was.
      }
    };
    const onPreloadError = (e: Event) => {
      try {
        if (guardedReload(sessionStorage, routerTarget() ?? pending.current ?? here(), Date.now(), (url) => location.assign(url))) e.preventDefault();
      } catch {
        // Without the guard's storage a reload could loop: let the error surface instead.
      }
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('vite:preloadError', onPreloadError);
    };
  }, [pending]);
}
