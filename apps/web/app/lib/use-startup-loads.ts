import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useApi } from './use-api.ts';
import type { ApiCaller } from './api.ts';
import { whenIdle } from './when-idle.ts';

/** A query the start of a signed-in visit fills: its key and how to fetch it. */
export interface StartupLoad {
  key: QueryKey;
  fetch: (call: ApiCaller) => Promise<unknown>;
}

/**
 * A load's module, imported when the page is idle: the features' fetchers stay out of the first
 * scripts every page sends (the main page's budget, routes.spec.ts).
 */
export type LazyStartupLoad = () => Promise<StartupLoad>;

/**
 * Spec §7 startup: beside the player, their levels and the experiments, a signed-in visit loads
 * the player's subscriptions and fast missions. Asked once the page is idle (decision 082), so the
 * first paint waits for none of them; the pages that show them then find them in the cache. The
 * root layout passes the features' own fetchers (lib imports no feature). A failure stays silent.
 */
export function useStartupLoads(userId: number | null, loads: readonly LazyStartupLoad[]) {
  const client = useQueryClient();
  const call = useApi();
  useEffect(() => {
    if (userId === null) return;
    return whenIdle(() => {
      for (const lazy of loads) {
        void lazy()
          .then((load) => client.prefetchQuery({ queryKey: load.key, queryFn: () => load.fetch(call) }))
          .catch(() => undefined);
      }
    });
    // The loads are the layout's constant list; a new player is what asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, client, call]);
}
