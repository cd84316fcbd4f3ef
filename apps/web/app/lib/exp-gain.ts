import { useEffect } from 'react';
import { useLatest } from './use-latest.ts';

/**
 * Experience a game just earned, announced by the page once its animation has finished (never
 * before: the header's bar must not give the result away), and shown by the header.
 */
type Listener = (amount: number) => void;
const listeners = new Set<Listener>();

export function announceExpGain(amount: number): void {
  if (!(amount >= 0)) return;
  for (const listener of listeners) listener(amount);
}

/** Calls `onGain` with each announced amount while the component is mounted. */
export function useExpGains(onGain: Listener): void {
  const latest = useLatest(onGain);
  useEffect(() => {
    const listener: Listener = (amount) => latest.current(amount);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [latest]);
}
