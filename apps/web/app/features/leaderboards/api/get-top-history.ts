import { useQuery } from '@tanstack/react-query';
import type { TopHistoryResponse } from '@store/shared/api/leaderboards';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type TopHistoryData = Camel<TopHistoryResponse>;
export type HistoryEntryData = TopHistoryData['items'][number];
export const topHistoryKey = ['top-history'] as const;
export const HISTORY_PER_PAGE = 5;

/** GET /api/v2/top/history: the latest past boards with their winners and the player's own place. */
export const getTopHistory = (call: ApiCaller) => call<TopHistoryResponse>(`/api/v2/top/history?page=1&per_page=${HISTORY_PER_PAGE}`);

/** The past boards under the ranking, seeded by the loader; a failure leaves the section out. */
export function useTopHistory(initial: TopHistoryData | null) {
  const call = useApi();
  return useQuery({ queryKey: topHistoryKey, queryFn: () => getTopHistory(call), initialData: initial ?? undefined, gcTime: 0, staleTime: 60_000, retry: false });
}
