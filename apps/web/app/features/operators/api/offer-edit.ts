import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferEditBody, OperatorOffer } from '@store/shared/api/operator-promotions';
import { useApi } from '#app/lib/use-api.ts';
import { offersKey } from './offer-list.ts';

/** PATCH /api/v1/admin/offers/:id: the changed fields; what was sold stays at its price. */
export function useEditOffer(id: number) {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferEditBody) => call<OperatorOffer>(`/api/v1/admin/offers/${id}`, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: offersKey }),
  });
}
