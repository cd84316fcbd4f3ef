import { useEffect, useState } from 'react';
import { secondsLeft } from '@store/shared/format/countdown';

/**
 * The seconds left of a server countdown, ticking while it runs. The first render counts from the
 * arrival itself, so the server render and the browser's first paint print the same text.
 */
export function useSecondsLeft(readyIn: number, arrivedAt: number): number {
  const [now, setNow] = useState(arrivedAt);
  const left = secondsLeft(readyIn, arrivedAt, Math.max(now, arrivedAt));
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    // Twice a second, so the shown second changes within half a second of the real one.
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [running, arrivedAt]);
  return left;
}
