import { useQueryClient } from '@tanstack/react-query';
import type { OfferBuyResponse } from '@store/shared/api/payments';
import { useApi } from '#app/lib/use-api.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

/** POST /api/v1/offers/{id}/buy: the bundle is paid and its cases opened in one transaction. */
export function useBuyOffer() {
  const call = useApi();
  const client = useQueryClient();
  const setFinance = useSetFinance();
  return useIdempotentMutation({
    mutationFn: (offerId: number, idempotencyKey) => call<OfferBuyResponse>(`/api/v1/offers/${offerId}/buy`, { method: 'POST', body: {}, idempotencyKey }),
    onSuccess: (res) => {
      setFinance({ balance: res.balance, coinBalance: res.coinBalance });
      void client.invalidateQueries({ queryKey: ['inventory'] });
      void client.invalidateQueries({ queryKey: ['offers'] });
    },
  });
}
