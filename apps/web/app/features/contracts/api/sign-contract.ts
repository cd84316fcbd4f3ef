import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ContractResult } from '@store/shared/api/contracts';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type ContractResultData = Camel<ContractResult>;

/**
 * POST /api/v1/contracts/sign: the items go in, one item drawn by the roll comes out. The page's
 * items are asked again only once the signing has played (`useContractShown`).
 */
export function useSignContract() {
  const call = useApi();
  return useIdempotentMutation({
    mutationFn: (ids: number[], idempotencyKey) => call<ContractResult>('/api/v1/contracts/sign', { body: { user_item_ids: ids }, idempotencyKey }),
  });
}

/** Once the signing has played: the items, the prize among them (any earlier, the grid gives it away during the signing). */
export function useContractShown() {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: ['inventory'] }), [client]);
}
