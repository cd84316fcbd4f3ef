import { useQueryClient } from '@tanstack/react-query';
import type { ContractResult } from '@store/shared/api/contracts';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type ContractResultData = Camel<ContractResult>;

/** POST /api/v1/contracts/sign: the items go in, one item drawn by the roll comes out. */
export function useSignContract() {
  const call = useApi();
  const client = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (ids: number[], idempotencyKey) => call<ContractResult>('/api/v1/contracts/sign', { body: { user_item_ids: ids }, idempotencyKey }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['inventory'] }),
  });
}
