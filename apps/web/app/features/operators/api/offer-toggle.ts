import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorOffer } from '@store/shared/api/operator-promotions';
import { useApi } from '#app/lib/use-api.ts';
import { offersKey } from './offer-list.ts';

/** POST /api/v1/admin/offers/:id/disable or /enable: off sale, nobody sees or buys the offer. */
export function useToggleOffer() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enable }: { id: number; enable: boolean }) => call<OperatorOffer>(`/api/v1/admin/offers/${id}/${enable ? 'enable' : 'disable'}`, { body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: offersKey }),
  });
}
