import { useCallback, useEffect } from 'react';
import { soundEngine } from './sound-engine.ts';
import { parseSoundOn } from './sound-pref.ts';
import { soundKey } from './storage-keys.ts';
import { store, useStoredRaw } from './use-stored.ts';
import { useMe } from './use-me.ts';

/**
 * The signed-in player's (or the guest's) sound switch, kept in the engine: the engine waits for
 * the first touch from the moment this mounts, and plays only while the switch is on. Before
 * hydration nothing is known and the engine stays silent.
 */
export function useSoundSwitch(): { on: boolean; toggle: () => void } {
  const me = useMe();
  const key = soundKey(me?.userId ?? null);
  const raw = useStoredRaw(key);
  const on = parseSoundOn(raw ?? null);

  useEffect(() => soundEngine().listen(window), []);
  useEffect(() => {
    if (raw !== undefined) soundEngine().setEnabled(on);
  }, [raw, on]);

  const toggle = useCallback(() => {
    // Told at once, inside the click, so a browser that wants a gesture to start audio has one.
    soundEngine().setEnabled(!on);
    store(key, !on);
  }, [key, on]);
  return { on, toggle };
}
