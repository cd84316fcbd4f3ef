import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import { guardedReload, rememberPendingNavigation, takePendingNavigation } from '#app/lib/chunk-reload.ts';
import { useLatest } from '#app/lib/use-latest.ts';

const here = () => `${location.pathname}${location.search}${location.hash}`;

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
      const next = takePendingNavigation(sessionStorage, here(), Date.now());
      if (next) guardedReload(sessionStorage, next, Date.now(), (url) => location.replace(url));
    } catch {
      // No session storage (a locked-down browser): a failed chunk then reloads where it was.
    }
  }, []);

  useEffect(() => {
    const onHide = () => {
      try {
        if (pending.current) rememberPendingNavigation(sessionStorage, pending.current, Date.now());
      } catch {
        // Nothing to keep it in: the reload stays where it was.
      }
    };
    const onPreloadError = (e: Event) => {
      try {
        if (guardedReload(sessionStorage, pending.current ?? here(), Date.now(), (url) => location.assign(url))) e.preventDefault();
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
