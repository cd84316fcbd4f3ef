import { useQuery } from '@tanstack/react-query';
import type { DailyCasesResponse } from '@store/shared/api/levels';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type DailyCasesData = Camel<DailyCasesResponse>;
export type DailyCaseData = DailyCasesData['cases'][number];
export const dailyCasesKey = ['daily-cases'] as const;

/** GET /api/v1/cases/daily: the ladder of level cases as this player (or a guest, level 0) sees it now. */
export const getDailyCases = (call: ApiCaller) => call<DailyCasesResponse>('/api/v1/cases/daily');

/**
 * The ladder, seeded by the page's loader. Its countdowns count from when the answer arrived
 * (`dataUpdatedAt`, this browser's clock). Dropped as soon as the page is left, so coming back
 * shows the loader's fresh answer, not what was cached before an opening. The key names no
 * player: signing in refetches every query, this one with the new session.
 */
export function useDailyCases(initial: DailyCasesData) {
  const call = useApi();
  return useQuery({ queryKey: dailyCasesKey, queryFn: () => getDailyCases(call), initialData: initial, gcTime: 0, staleTime: 30_000 });
}
