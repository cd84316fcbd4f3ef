import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { oddsVersion } from '@store/shared/api/provably-fair';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

type OddsVersion = z.infer<typeof oddsVersion>;
export type OddsData = Camel<OddsVersion>;

/** GET /api/v1/provably-fair/odds/{id}: one odds version of a case, unchanged since its first roll. */
export const getOdds = (call: ApiCaller, id: number) => call<OddsVersion>(`/api/v1/provably-fair/odds/${id}`);

export function useOdds(id: number | null) {
  const call = useApi();
  return useQuery({
    queryKey: ['pf-odds', id],
    queryFn: () => getOdds(call, id!),
    enabled: id !== null,
    retry: false,
    // A version never changes.
    staleTime: Infinity,
  });
}
