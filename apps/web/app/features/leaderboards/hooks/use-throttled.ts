import { useEffect, useMemo } from 'react';
import { useLatest } from '#app/lib/use-latest.ts';
import { throttle } from '../utils/throttle.ts';

/** A stable callback that runs the latest `fn` at most once per `ms` (a trailing call included). */
export function useThrottled(fn: () => void, ms: number): () => void {
  const latest = useLatest(fn);
  const t = useMemo(() => throttle(() => latest.current(), ms), [latest, ms]);
  useEffect(() => () => t.cancel(), [t]);
  return t.call;
}
