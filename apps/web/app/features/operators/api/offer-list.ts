import { useQuery } from '@tanstack/react-query';
import type { OperatorOffersResponse } from '@store/shared/api/operator-promotions';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type OffersData = Camel<OperatorOffersResponse>;
export type OfferData = OffersData['items'][number];
export const offersKey = ['operators', 'offers'] as const;

/** GET /api/v1/admin/offers: every offer (shop, secret shop, trigger) with its sales. */
export const getOffers = (call: ApiCaller) => call<OperatorOffersResponse>('/api/v1/admin/offers');

export function useOffers(initial: OffersData) {
  const call = useApi();
  return useQuery({ queryKey: offersKey, queryFn: () => getOffers(call), initialData: initial, staleTime: 5_000 });
}
