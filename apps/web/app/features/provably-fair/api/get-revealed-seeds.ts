import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RevealedResult } from '@store/shared/api/provably-fair';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type RevealedSeedsData = Camel<RevealedResult>;
export type RevealedSeedData = RevealedSeedsData['items'][number];
export const REVEALED_PER_PAGE = 10;
export const revealedSeedsKey = ['pf-revealed'] as const;

/** GET /api/v1/provably-fair/seeds/revealed: the player's rotated pairs, newest first. */
export const getRevealedSeeds = (call: ApiCaller, page: number) =>
  call<RevealedResult>(`/api/v1/provably-fair/seeds/revealed?page=${page}&per_page=${REVEALED_PER_PAGE}`);

export function useRevealedSeeds(page: number, initial: RevealedSeedsData | null) {
  const call = useApi();
  return useQuery({
    queryKey: [...revealedSeedsKey, page],
    queryFn: () => getRevealedSeeds(call, page),
    initialData: page === 1 && initial ? initial : undefined,
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
}
