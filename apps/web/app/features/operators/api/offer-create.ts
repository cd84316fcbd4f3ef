import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { offerCreateBody, OperatorOffer } from '@store/shared/api/operator-promotions';
import { useApi } from '#app/lib/use-api.ts';
import { offersKey } from './offer-list.ts';

/** The body as sent: the fields the server defaults (descriptions, bonuses, dates, limit) may be left out. */
export type OfferCreateInput = z.input<typeof offerCreateBody>;

/** POST /api/v1/admin/offers: a new shop or secret-shop offer; the list is read again. */
export function useCreateOffer() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferCreateInput) => call<OperatorOffer>('/api/v1/admin/offers', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: offersKey }),
  });
}
