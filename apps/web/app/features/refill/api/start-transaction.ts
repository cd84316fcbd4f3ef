import type { TransactionStartResponse } from '@store/shared/api/payments';
import { useApi } from '#app/lib/use-api.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

/** POST /api/v1/payments/transaction/start: opens an order and returns the checkout address. */
export function useStartTransaction() {
  const call = useApi();
  return useIdempotentMutation({
    mutationFn: (body: { country: string; methodId: number; amount: number; promoCode: string | null; fields: Record<string, string> }, idempotencyKey) =>
      call<TransactionStartResponse>('/api/v1/payments/transaction/start', {
        body: { country: body.country, method_id: body.methodId, amount: body.amount, promo_code: body.promoCode, fields: body.fields },
        idempotencyKey,
      }),
  });
}
