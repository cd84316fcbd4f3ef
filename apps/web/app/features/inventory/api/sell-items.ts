import { useQueryClient } from '@tanstack/react-query';
import type { SellResponse } from '@store/shared/api/inventory';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type SellResult = Camel<SellResponse>;

/**
 * POST /api/v1/inventory/sell/many (at most 10 ids) or /sell/all. The new balance goes
 * straight into the header; the inventory pages reload.
 */
export function useSellItems() {
  const call = useApi();
  const client = useQueryClient();
  const setFinance = useSetFinance();
  return useIdempotentMutation({
    mutationFn: (what: { ids: number[] } | 'all', idempotencyKey) =>
      what === 'all'
        ? call<SellResponse>('/api/v1/inventory/sell/all', { body: {}, idempotencyKey })
        : call<SellResponse>('/api/v1/inventory/sell/many', { body: { ids: what.ids }, idempotencyKey }),
    onSuccess: (res) => {
      setFinance({ balance: res.balance, totalAmountItems: res.totalAmountItems });
      void client.invalidateQueries({ queryKey: ['inventory'] });
    },
  });
}
