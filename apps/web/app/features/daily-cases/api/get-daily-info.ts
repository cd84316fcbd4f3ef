import { useQuery } from '@tanstack/react-query';
import type { DailyInfoResponse } from '@store/shared/api/levels';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type DailyInfoData = Camel<DailyInfoResponse>;

/** GET /api/v1/cases/daily/info (spec §7 daily case info): how many level cases are ready, of how many the level opens, and when the next is. */
export function useDailyInfo(enabled: boolean) {
  const call = useApi();
  return useQuery({ queryKey: ['daily-info'], queryFn: () => call<DailyInfoResponse>('/api/v1/cases/daily/info'), enabled, gcTime: 0, staleTime: 30_000, retry: false });
}
