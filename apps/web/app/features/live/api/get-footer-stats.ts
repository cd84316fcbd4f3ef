import { useQuery } from '@tanstack/react-query';
import type { FooterStats } from '@store/shared/api/live';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type FooterStatsData = Camel<FooterStats>;

/** GET /api/v1/footer-stats: opened, users, online, battles, upgrades. */
export const getFooterStats = (call: ApiCaller) => call<FooterStats>('/api/v1/footer-stats');

export function useFooterStats(initial: FooterStatsData | undefined) {
  const call = useApi();
  return useQuery({ queryKey: ['footer-stats'], queryFn: () => getFooterStats(call), initialData: initial, refetchInterval: 30_000, staleTime: 10_000 });
}
