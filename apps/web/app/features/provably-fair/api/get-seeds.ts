import { useQuery } from '@tanstack/react-query';
import type { SeedsResult } from '@store/shared/api/provably-fair';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type SeedsData = Camel<SeedsResult>;
export type CurrentSeedData = SeedsData['current'];
export const seedsKey = ['pf-seeds'] as const;

/** GET /api/v1/provably-fair/seeds: the pair the next rolls use, the server seed only as its hash. */
export const getSeeds = (call: ApiCaller) => call<SeedsResult>('/api/v1/provably-fair/seeds');

export function useSeeds(initial: SeedsData | null) {
  const call = useApi();
  return useQuery({ queryKey: seedsKey, queryFn: () => getSeeds(call), initialData: initial ?? undefined, gcTime: 0 });
}
