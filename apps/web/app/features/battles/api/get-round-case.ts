import { useQueries } from '@tanstack/react-query';
import type { CaseDetail } from '@store/shared/api/cases';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type RoundCaseData = Camel<CaseDetail>;
export type RoundCaseDrop = RoundCaseData['drops'][number];

/** GET /api/v1/cases/{slug}: a round's case with its contents, chances and ticket ranges. */
export const getRoundCase = (call: ApiCaller, slug: string) => call<CaseDetail>(`/api/v1/cases/${encodeURIComponent(slug)}`);

/** The contents of every case a battle plays, by slug; a case's contents do not change during a battle. */
export function useRoundCases(slugs: string[]): Map<string, RoundCaseData> {
  const call = useApi();
  const unique = [...new Set(slugs)];
  const results = useQueries({
    queries: unique.map((slug) => ({ queryKey: ['case', slug], queryFn: () => getRoundCase(call, slug), staleTime: 10 * 60_000 })),
  });
  const map = new Map<string, RoundCaseData>();
  results.forEach((r, i) => r.data && map.set(unique[i]!, r.data));
  return map;
}
