import { useQuery } from '@tanstack/react-query';
import type { OperatorLeaderboardsResponse } from '@store/shared/api/operator-promotions';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type LeaderboardsData = Camel<OperatorLeaderboardsResponse>;
export type LeaderboardData = LeaderboardsData['items'][number];
export const leaderboardsKey = ['operators', 'leaderboards'] as const;

/** GET /api/v1/admin/leaderboards: every board with its participants and prizes paid. */
export const getLeaderboards = (call: ApiCaller) => call<OperatorLeaderboardsResponse>('/api/v1/admin/leaderboards');

export function useLeaderboards(initial: LeaderboardsData) {
  const call = useApi();
  return useQuery({ queryKey: leaderboardsKey, queryFn: () => getLeaderboards(call), initialData: initial, staleTime: 5_000 });
}
