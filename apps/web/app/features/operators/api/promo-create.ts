import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorPromoCode, PromoCreateInput } from '@store/shared/api/operator-promotions';
import { useApi } from '#app/lib/use-api.ts';
import { promoCodesKey } from './promo-codes.ts';

/** POST /api/v1/admin/promo-codes: a new code; the list is read again. */
export function useCreatePromoCode() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PromoCreateInput) => call<OperatorPromoCode>('/api/v1/admin/promo-codes', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: promoCodesKey }),
  });
}
