import { useEffect, useSyncExternalStore } from 'react';
import type { ExperimentsClient } from './experiments-client.ts';

/**
 * The experiments port of the pages (spec §7 "Startup loads ... experiments"): one client per
 * tab, made by the root at start for whoever is there, remade when someone signs in or out.
 */
let client: ExperimentsClient | null = null;
const listeners = new Set<() => void>();
let unsubscribe: (() => void) | null = null;

const notify = () => listeners.forEach((l) => l());

export function startExperiments(base: string, userId: number | null): () => void {
  let stopped = false;
  let made: ExperimentsClient | null = null;
  // The client is a chunk of its own, fetched once the page is idle (the root starts it then): no
  // page needs it to show, so the first page's scripts do not carry it.
  void import('./experiments-client.ts').then(({ ExperimentsClient, experimentSubject }) => {
    if (stopped) return;
    client?.stop();
    unsubscribe?.();
    made = new ExperimentsClient({ base, subject: experimentSubject(userId) });
    client = made;
    unsubscribe = made.subscribe(notify);
    made.start();
    notify();
  });
  return () => {
    stopped = true;
    if (!made || client !== made) return;
    made.stop();
    unsubscribe?.();
    client = null;
    unsubscribe = null;
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The variant of `experiment` for this visitor, and its exposure reported once shown. Undefined
 * in the server render and until the flags arrive: the page shows its unchanged rule meanwhile.
 */
export function useExperiment(experiment: string): string | undefined {
  const variant = useSyncExternalStore(
    subscribe,
    () => client?.variant(experiment),
    () => undefined,
  );
  useEffect(() => {
    if (variant !== undefined) client?.expose(experiment, variant);
  }, [experiment, variant]);
  return variant;
}
