import { useQueryClient } from '@tanstack/react-query';
import type { OfferBuyBody, OfferBuyResponse } from '@store/shared/api/payments';
import { useApi } from '#app/lib/use-api.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

/**
 * POST /api/v1/offers/{id}/buy: the bundle is paid and its cases opened in one transaction, at the
 * price the player confirmed (the server refuses another with `offer_price_changed`; the offers
 * are asked again so the new price shows). The inventory is refreshed by the bundle's reveal once
 * its roulettes end (decision 047), not by the answer.
 */
export function useBuyOffer() {
  const call = useApi();
  const client = useQueryClient();
  const setFinance = useSetFinance();
  return useIdempotentMutation({
    mutationFn: (offer: { id: number; price: number }, idempotencyKey) =>
      call<OfferBuyResponse>(`/api/v1/offers/${offer.id}/buy`, { method: 'POST', body: { expected_price: offer.price } satisfies OfferBuyBody, idempotencyKey }),
    onSuccess: (res) => setFinance({ balance: res.balance, coinBalance: res.coinBalance }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['offers'] }),
  });
}
