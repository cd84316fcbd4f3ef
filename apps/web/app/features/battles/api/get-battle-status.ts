import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BattleStatusResponse } from '@store/shared/api/battles';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useMe } from '#app/lib/use-me.ts';

export type BattleStatusData = Camel<BattleStatusResponse>;
export const battleStatusKey = ['battle-status'] as const;
const NOT_IN_BATTLE: BattleStatusData = { activeBattleUlid: null, inBattle: false };

/** GET /api/battles/status: the player's active battle; a failure counts as none (spec §8: ignored silently). */
export const getBattleStatus = (call: ApiCaller) => call<BattleStatusResponse>('/api/battles/status').catch(() => NOT_IN_BATTLE);

/** Whether the signed-in player is in a battle, and which. */
export function useBattleStatus(initial: BattleStatusData | null) {
  const call = useApi();
  const me = useMe();
  const { data } = useQuery({
    queryKey: battleStatusKey,
    queryFn: () => getBattleStatus(call),
    initialData: initial ?? undefined,
    enabled: !!me,
    staleTime: 10_000,
  });
  return me ? (data ?? NOT_IN_BATTLE) : NOT_IN_BATTLE;
}

/**
 * Spec §4: when the player's active battle finishes, the player is no longer in battle. Other
 * changes (create, join, leave) simply read the status again.
 */
export function useBattleStatusUpdates() {
  const client = useQueryClient();
  return useMemo(
    () => ({
      finished: (ulid: string) =>
        client.setQueryData<BattleStatusData>(battleStatusKey, (s) => (s?.inBattle && s.activeBattleUlid === ulid ? NOT_IN_BATTLE : s)),
      changed: () => void client.invalidateQueries({ queryKey: battleStatusKey }),
    }),
    [client],
  );
}
