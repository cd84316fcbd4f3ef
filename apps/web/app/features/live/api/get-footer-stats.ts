import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FooterStats } from '@store/shared/api/live';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { withTabSocket } from '#app/lib/tab-socket.ts';
import { useApi } from '#app/lib/use-api.ts';
import { whenIdle } from '#app/lib/when-idle.ts';

export type FooterStatsData = Camel<FooterStats>;

/** GET /api/v1/footer-stats: opened, users, online, battles, upgrades. */
export const getFooterStats = (call: ApiCaller) => call<FooterStats>('/api/v1/footer-stats');

/**
 * The footer's figures, current within about ten seconds while the tab is in view, so they never
 * lag the profile's by half a minute. The page's own socket opens after the server rendered the
 * figures, so they are asked again once it is open: a signed-in player never reads "0 online" about
 * a store they are on.
 */
export function useFooterStats(initial: FooterStatsData | undefined) {
  const call = useApi();
  const query = useQuery({ queryKey: ['footer-stats'], queryFn: () => getFooterStats(call), initialData: initial, refetchInterval: 10_000, staleTime: 5_000 });
  const { refetch } = query;
  // Asked once the browser is idle, off the task that opened the socket after hydration.
  useEffect(() => {
    let cancel = () => {};
    const off = withTabSocket((socket) =>
      socket.onState((state) => {
        if (state === 'open') cancel = whenIdle(() => void refetch());
      }),
    );
    return () => {
      off();
      cancel();
    };
  }, [refetch]);
  return query;
}
