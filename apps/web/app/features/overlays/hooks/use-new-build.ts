import { useEffect, useState } from 'react';
import { BUILD_CHECK_INTERVAL_MS, checkBuild, ownBuildId } from '#app/lib/build-check.ts';

/** True once the server names a newer build than this tab's; checked every 5 minutes and on coming back to the tab. */
export function useNewBuild(): boolean {
  const [outdated, setOutdated] = useState(false);
  useEffect(() => {
    const own = ownBuildId();
    if (!own || outdated) return;
    let stopped = false;
    const check = async () => {
      if (document.visibilityState !== 'visible') return;
      const verdict = await checkBuild({ own, now: Date.now() });
      if (!stopped && verdict === 'new') setOutdated(true);
    };
    const timer = setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS);
    const onVisible = () => void check();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [outdated]);
  return outdated;
}
