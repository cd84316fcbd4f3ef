import { useCallback, useEffect } from 'react';
import { loadOnce } from './load-once.ts';
import type { SoundEngine } from './sound-engine.ts';
import { parseSoundOn } from './sound-pref.ts';
import { soundKey } from './storage-keys.ts';
import { store, useStoredRaw } from './use-stored.ts';
import { useMe } from './use-me.ts';

// The engine is a chunk of its own, fetched once the page has hydrated (it comes with the pages that
// play sounds anyway): the main page's first scripts do not carry it. A chunk that did not come is
// asked for again by the next use; until then the store stays silent.
let engine: SoundEngine | null = null;
const engineComes = loadOnce(() => import('./sound-engine.ts').then((m) => (engine = m.soundEngine())));
const withEngine = (use: (e: SoundEngine) => void) => void engineComes().then(use, () => undefined);

/**
 * The signed-in player's (or the guest's) sound switch, kept in the engine: the engine waits for
 * the first touch from the moment it has come, and plays only while the switch is on. Before
 * hydration nothing is known and the engine stays silent.
 */
export function useSoundSwitch(): { on: boolean; toggle: () => void } {
  const me = useMe();
  const key = soundKey(me?.userId ?? null);
  const raw = useStoredRaw(key);
  const on = parseSoundOn(raw ?? null);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let mounted = true;
    withEngine((e) => {
      if (mounted) stop = e.listen(window);
    });
    return () => {
      mounted = false;
      stop?.();
    };
  }, []);
  useEffect(() => {
    if (raw !== undefined) withEngine((e) => e.setEnabled(on));
  }, [raw, on]);

  const toggle = useCallback(() => {
    // Told at once, inside the click, so a browser that wants a gesture to start audio has one
    // (the engine has come by the time a player finds the switch; if not, it is told when it comes).
    if (engine) engine.setEnabled(!on);
    else withEngine((e) => e.setEnabled(!on));
    store(key, !on);
  }, [key, on]);
  return { on, toggle };
}
