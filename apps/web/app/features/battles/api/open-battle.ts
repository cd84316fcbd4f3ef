import { useEffect } from 'react';
import type { SpectatorsResponse } from '@store/shared/api/battles';
import type { ApiCaller } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useLatest } from '#app/lib/use-latest.ts';
import { closeBattle, closeBattleBeacon } from './close-battle.ts';

/** POST /api/battles/open: a viewer arrived; the answer is the new spectator count. */
export const openBattle = (call: ApiCaller, ulid: string) => call<SpectatorsResponse>('/api/battles/open', { body: { battle_ulid: ulid } });

/**
 * Counts this page as a spectator while it is open: /battles/open on mount, /battles/close on
 * unmount, or by beacon when the tab goes away (React does not unmount on unload).
 */
export function useSpectating(ulid: string, onCount: (n: number) => void) {
  const call = useApi();
  const counted = useLatest(onCount);
  useEffect(() => {
    let mounted = true;
    let gone = false;
    openBattle(call, ulid).then((r) => mounted && counted.current(r.spectators), () => undefined);
    const onHide = () => {
      gone = true;
      closeBattleBeacon(ulid);
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      mounted = false;
      window.removeEventListener('pagehide', onHide);
      if (!gone) void closeBattle(call, ulid).catch(() => undefined);
    };
  }, [call, ulid, counted]);
}
