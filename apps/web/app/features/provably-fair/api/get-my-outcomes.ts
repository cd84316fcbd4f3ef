import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { myOutcomesResult, OutcomeKind } from '@store/shared/api/provably-fair';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

type MyOutcomesResult = z.infer<typeof myOutcomesResult>;
export type MyOutcomesData = Camel<MyOutcomesResult>;
export type OutcomeSummaryData = MyOutcomesData['items'][number];
export const OUTCOMES_PER_PAGE = 10;
export const myOutcomesKey = ['pf-my-outcomes'] as const;

/** GET /api/v1/provably-fair/outcomes?kind=&page=: the signed-in player's own outcomes, newest first. */
export const getMyOutcomes = (call: ApiCaller, kind: OutcomeKind | null, page: number) =>
  call<MyOutcomesResult>(`/api/v1/provably-fair/outcomes?${kind ? `kind=${kind}&` : ''}page=${page}&per_page=${OUTCOMES_PER_PAGE}`);

export function useMyOutcomes(kind: OutcomeKind | null, page: number, initial: MyOutcomesData | null) {
  const call = useApi();
  return useQuery({
    queryKey: [...myOutcomesKey, kind, page],
    queryFn: () => getMyOutcomes(call, kind, page),
    initialData: kind === null && page === 1 && initial ? initial : undefined,
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
}
