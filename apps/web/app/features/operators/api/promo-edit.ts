import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorPromoCode, PromoEditBody } from '@store/shared/api/operator-promotions';
import { useApi } from '#app/lib/use-api.ts';
import { promoCodesKey } from './promo-codes.ts';

/** PATCH /api/v1/admin/promo-codes/:code: the changed terms, dates or limits; the list is read again. */
export function useEditPromoCode(code: string) {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PromoEditBody) => call<OperatorPromoCode>(`/api/v1/admin/promo-codes/${encodeURIComponent(code)}`, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: promoCodesKey }),
  });
}
