import { useQuery } from '@tanstack/react-query';
import type { Leaderboard } from '@store/shared/api/leaderboards';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type LeaderboardData = Camel<Leaderboard>;
export const activeLeaderboardsKey = ['top-active'] as const;

/** GET /api/v2/top/active: the running boards (and those ended in the last day), sorted by `order`. */
export const getActiveLeaderboards = (call: ApiCaller) => call<Leaderboard[]>('/api/v2/top/active');

/**
 * The cards of the carousel, seeded by the page's loader (null when the loader's call failed: the
 * browser then tries once itself). A failure stays quiet (spec §8): no retry storm, no alert.
 * Dropped when the page is left, so coming back shows the loader's fresh answer.
 */
export function useActiveLeaderboards(initial: LeaderboardData[] | null) {
  const call = useApi();
  return useQuery({
    queryKey: activeLeaderboardsKey,
    queryFn: () => getActiveLeaderboards(call),
    initialData: initial ?? undefined,
    gcTime: 0,
    staleTime: 30_000,
    retry: false,
  });
}
