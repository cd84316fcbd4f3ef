import { useSyncExternalStore } from 'react';
import { browserStorage, writeStored } from './overlay-storage.ts';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab accepting the cookies or closing the warning counts here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * The raw stored value of `key`, following every change; `undefined` in the server render and
 * during hydration (nothing is known yet, so no overlay flashes for someone who dismissed it).
 */
export function useStoredRaw(key: string): string | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => {
      try {
        return browserStorage()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    () => undefined,
  );
}

/** Stores a value and tells every reader on this page. */
export function store(key: string, value: unknown) {
  writeStored(key, value);
  for (const listener of [...listeners]) listener();
}
