import { useQuery } from '@tanstack/react-query';
import type { BattlePass } from '@store/shared/api/events';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useMe } from '#app/lib/use-me.ts';

export type BattlePassData = Camel<BattlePass>;
export type PassLevelData = BattlePassData['levels'][number];
export type PassTaskData = PassLevelData['tasks'][number];
export const battlePassKey = (userId: number) => ['battle-pass', userId] as const;
/** Every player's pass, to refresh whichever one the page shows. */
export const anyBattlePassKey = ['battle-pass'] as const;

/** GET /api/v1/challenge: the pass's levels, the coins earned and, for a player, the tasks. */
export const getBattlePass = (call: ApiCaller) => call<BattlePass>('/api/v1/challenge');

/**
 * The pass of the signed-in player (a guest's: coins 0, no tasks), seeded by the loader. A
 * failed read shows the page without the pass (spec §8: battle pass failures are swallowed).
 */
export function useBattlePass(initial: BattlePassData | null) {
  const call = useApi();
  const me = useMe();
  const userId = me?.userId ?? 0;
  return useQuery({
    queryKey: battlePassKey(userId),
    queryFn: () => getBattlePass(call),
    // The loader's answer is for whoever the page was rendered for: a guest's pass is not a player's.
    initialData: initial && initial.guest === !me ? initial : undefined,
    gcTime: 0,
    staleTime: 10_000,
    retry: false,
  });
}
