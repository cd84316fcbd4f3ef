import { useQuery } from '@tanstack/react-query';
import type { InfoPopup } from '@store/shared/api/events';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useLang } from '#app/lib/use-lang.ts';

export type InfoPopupData = Camel<InfoPopup>;

/** GET /api/v1/popup/info (spec §3 Info-popup rewards): the pass's levels with their rewards, and the daily cases. */
export function useInfoPopup() {
  const call = useApi();
  const lang = useLang();
  return useQuery({
    queryKey: ['popup-info', lang],
    queryFn: () => call<InfoPopup>('/api/v1/popup/info'),
    staleTime: 60_000,
    // The rewards are an extra to "how it works": without them the steps still read (spec §8 silent failures).
    retry: false,
  });
}
