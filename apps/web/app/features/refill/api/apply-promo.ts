import { useQueryClient } from '@tanstack/react-query';
import type { PromoApplyResponse } from '@store/shared/api/payments';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';
import { meKey } from '#app/lib/use-me.ts';

export type PromoApplyData = Camel<PromoApplyResponse>;

/**
 * POST /api/v1/payments/promo/apply (spec §7): an instant code pays now, a case code gives its
 * free opening now, another waits for the next deposit. The header's balance is read again after.
 */
export function useApplyPromo() {
  const call = useApi();
  const client = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (code: string, idempotencyKey) => call<PromoApplyResponse>('/api/v1/payments/promo/apply', { body: { code }, idempotencyKey }),
    onSuccess: () => void client.invalidateQueries({ queryKey: meKey, exact: true }),
  });
}
