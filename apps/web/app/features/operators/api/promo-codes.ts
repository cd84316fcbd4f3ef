import { useQuery } from '@tanstack/react-query';
import type { OperatorPromoCodesResponse } from '@store/shared/api/operator-promotions';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type PromoCodesData = Camel<OperatorPromoCodesResponse>;
export type PromoCodeData = PromoCodesData['items'][number];
export const promoCodesKey = ['operators', 'promo-codes'] as const;

/** GET /api/v1/admin/promo-codes: every code with its terms, state and use. */
export const getPromoCodes = (call: ApiCaller) => call<OperatorPromoCodesResponse>('/api/v1/admin/promo-codes');

export function usePromoCodes(initial: PromoCodesData) {
  const call = useApi();
  return useQuery({ queryKey: promoCodesKey, queryFn: () => getPromoCodes(call), initialData: initial, staleTime: 5_000 });
}
