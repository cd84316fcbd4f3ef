import { useEffect, useState } from 'react';

/**
 * The time of the page's timers, ticking once a second while `running`. It starts at `renderedAt`
 * (the loader's moment), so the server render and the browser's first paint print the same
 * countdown; the first tick moves it to this browser's clock.
 */
export function useNow(renderedAt: number, running: boolean): number {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    // Twice a second, so the shown second changes within half a second of the real one.
    const timer = setInterval(tick, 500);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
