import { useQuery } from '@tanstack/react-query';
import type { TopReward } from '@store/shared/api/leaderboards';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type TopRewardData = Camel<TopReward>;
export const topRewardsKey = (userId: number) => ['top-rewards', userId] as const;

/**
 * GET /api/v2/top/rewards: the board prizes the signed-in player won and has not seen yet. Asked
 * only for a player (never for a guest); a failure shows nothing (spec §8: rewards fail silently).
 */
export function useTopRewards(userId: number | null) {
  const call = useApi();
  return useQuery({
    queryKey: topRewardsKey(userId ?? 0),
    queryFn: () => call<TopReward[]>('/api/v2/top/rewards'),
    enabled: userId !== null,
    retry: false,
    staleTime: Infinity,
  });
}
