import type { ReplacementResult } from '@store/shared/api/withdrawals';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type ReplacementResultData = Camel<ReplacementResult>;

/** POST /api/v1/inventory/replacement: swaps an item for a replacement; the difference goes to the balance. */
export function useReplaceItem() {
  const call = useApi();
  return useIdempotentMutation({
    mutationFn: (body: { id: number; itemId: string }, idempotencyKey) =>
      call<ReplacementResult>('/api/v1/inventory/replacement', { body: { id: body.id, item_id: body.itemId }, idempotencyKey }),
  });
}
