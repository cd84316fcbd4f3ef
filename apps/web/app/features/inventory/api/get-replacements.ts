import { useQuery } from '@tanstack/react-query';
import type { ReplacementsResult } from '@store/shared/api/withdrawals';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type ReplacementsData = Camel<ReplacementsResult>;
export type ReplacementData = ReplacementsData['items'][number];

/** GET /api/v1/inventory/get/replacements?id=: skins from 80 % to 100 % of the item's price, closest first. */
export function useReplacements(itemId: number) {
  const call = useApi();
  return useQuery({
    queryKey: ['replacements', itemId],
    queryFn: () => call<ReplacementsResult>(`/api/v1/inventory/get/replacements?id=${itemId}`),
    staleTime: 0,
  });
}
