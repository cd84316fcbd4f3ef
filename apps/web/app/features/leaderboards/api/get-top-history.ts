import { useQuery } from '@tanstack/react-query';
import type { TopHistoryPage } from '@store/shared/api/leaderboards';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useMe } from '#app/lib/use-me.ts';

export type HistoryEntryData = Camel<TopHistoryPage>['items'][number];
/** The past boards as the page shows them: each board's podium and the player's own places. */
export interface TopHistoryData {
  podium: HistoryEntryData[];
  mine: HistoryEntryData[];
}
export const topHistoryKey = (userId: number) => ['top-history', userId] as const;
/** Places shown per past board, and how many boards' podiums one page holds. */
export const PODIUM = 3;
export const HISTORY_BOARDS = 5;

/**
 * GET /api/v2/top/history (a list of paid places, newest board first): the podiums of the latest
 * boards and the player's own places (none for a guest: the server answers an empty list).
 */
export async function getTopHistory(call: ApiCaller): Promise<TopHistoryData> {
  const page = (query: string) => call<TopHistoryPage>(`/api/v2/top/history?${query}`, { paged: true }).then((p) => p.items);
  const [podium, mine] = await Promise.all([
    page(`page=1&per_page=${PODIUM * HISTORY_BOARDS}&max_place=${PODIUM}`),
    page(`page=1&per_page=${HISTORY_BOARDS * 2}&mine=1`),
  ]);
  return { podium, mine };
}

/** The past boards under the ranking, seeded by the loader; a failure leaves the section out. */
export function useTopHistory(initial: TopHistoryData | null) {
  const call = useApi();
  const me = useMe();
  return useQuery({
    queryKey: topHistoryKey(me?.userId ?? 0),
    queryFn: () => getTopHistory(call),
    initialData: initial ?? undefined,
    gcTime: 0,
    staleTime: 60_000,
    retry: false,
  });
}
