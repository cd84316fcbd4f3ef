import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RaffleResult } from '@store/shared/api/events';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useMe } from '#app/lib/use-me.ts';

export type RaffleResultData = Camel<RaffleResult>;
export type RaffleRowData = RaffleResultData['raffleResult'][number];
export const raffleResultKey = (slug: string, page: number, userId: number) => ['event-raffle', slug, page, userId] as const;

/** GET /api/v1/event/raffle-result/{slug}?page=: the raffle, the player's tickets and, once drawn, the winners. */
export const getRaffleResult = (call: ApiCaller, slug: string, page = 1) =>
  call<RaffleResult>(`/api/v1/event/raffle-result/${encodeURIComponent(slug)}?page=${page}`);

export function useRaffleResult(slug: string | null, page: number, initial: RaffleResultData | null) {
  const call = useApi();
  const me = useMe();
  return useQuery({
    queryKey: raffleResultKey(slug ?? '', page, me?.userId ?? 0),
    queryFn: () => getRaffleResult(call, slug!, page),
    enabled: slug !== null,
    initialData: page === 1 && initial ? initial : undefined,
    placeholderData: keepPreviousData,
    gcTime: 0,
    staleTime: 30_000,
    retry: false,
  });
}
