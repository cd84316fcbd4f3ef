import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CaseHistoryResult } from '@store/shared/api/provably-fair';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type CaseHistoryData = Camel<CaseHistoryResult>;
export type CaseOpeningData = CaseHistoryData['items'][number];
export const CASE_HISTORY_PER_PAGE = 20;

/** GET /api/v1/provably-fair/case-history/{caseId}?page=: the signed-in player's openings of one case, newest first. */
export const getCaseHistory = (call: ApiCaller, caseId: number, page: number) =>
  call<CaseHistoryResult>(`/api/v1/provably-fair/case-history/${caseId}?page=${page}&per_page=${CASE_HISTORY_PER_PAGE}`);

export function useCaseHistory(caseId: number, page: number, initial: CaseHistoryData | null) {
  const call = useApi();
  return useQuery({
    queryKey: ['pf-case-history', caseId, page],
    queryFn: () => getCaseHistory(call, caseId, page),
    initialData: page === 1 && initial ? initial : undefined,
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
}
