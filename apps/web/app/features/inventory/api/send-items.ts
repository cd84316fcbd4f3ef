import type { SendItemsResult } from '@store/shared/api/withdrawals';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type SendItemsData = Camel<SendItemsResult>;
export type WithdrawMethod = 'trade' | 'login';

/**
 * POST /api/v1/inventory/senditem: withdraws up to 10 items. Skins go to the withdrawal queue
 * (`PREPARING`, with the countdown's end); balance credits (type 3) are paid in at once.
 */
export function useSendItems() {
  const call = useApi();
  return useIdempotentMutation({
    mutationFn: (body: { ids: number[]; method: WithdrawMethod }, idempotencyKey) => call<SendItemsResult>('/api/v1/inventory/senditem', { body, idempotencyKey }),
  });
}
