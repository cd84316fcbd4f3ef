import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BattleHistoryResponse } from '@store/shared/api/battles';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type BattleHistoryData = Camel<BattleHistoryResponse>;
export const HISTORY_PER_PAGE = 10;

/** GET /api/v1/battles?private=1: the signed-in player's battles, newest first. */
export const getBattleHistory = (call: ApiCaller, page: number) =>
  call<BattleHistoryResponse>(`/api/v1/battles?private=1&page=${page}&per_page=${HISTORY_PER_PAGE}`);

export function useBattleHistory(page: number, initial: BattleHistoryData | null) {
  const call = useApi();
  return useQuery({
    queryKey: ['battle-history', page],
    queryFn: () => getBattleHistory(call, page),
    initialData: page === 1 && initial ? initial : undefined,
    placeholderData: keepPreviousData,
  });
}
