import { useQuery } from '@tanstack/react-query';
import type { Ranking } from '@store/shared/api/leaderboards';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type RankingData = Camel<Ranking>;
export type RankingRowData = RankingData['leaders'][number];
export const rankingKey = (id: number) => ['top-ranking', id] as const;

/** GET /api/v2/top/ranking/{id}: every prize place in order, and the signed-in player's own row. */
export const getRanking = (call: ApiCaller, id: number) => call<Ranking>(`/api/v2/top/ranking/${id}`);

/**
 * The ranking of the active board; none (and no call) when no board is active. The loader's
 * answer seeds the board it was read for; another board's is read when it becomes active.
 */
export function useRanking(id: number | null, initial: RankingData | null) {
  const call = useApi();
  return useQuery({
    queryKey: rankingKey(id ?? 0),
    queryFn: () => getRanking(call, id!),
    enabled: id !== null,
    initialData: initial && initial.leaderboardId === id ? initial : undefined,
    gcTime: 0,
    staleTime: 10_000,
    retry: false,
  });
}
