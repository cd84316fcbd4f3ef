import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorPromoCode } from '@store/shared/api/operator-promotions';
import { useApi } from '#app/lib/use-api.ts';
import { promoCodesKey } from './promo-codes.ts';

/** POST /api/v1/admin/promo-codes/:code/disable or /enable: players are refused the code while it is off. */
export function useTogglePromoCode() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, enable }: { code: string; enable: boolean }) =>
      call<OperatorPromoCode>(`/api/v1/admin/promo-codes/${encodeURIComponent(code)}/${enable ? 'enable' : 'disable'}`, { body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: promoCodesKey }),
  });
}
