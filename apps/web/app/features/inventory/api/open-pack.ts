import type { OpenPackResult } from '@store/shared/api/withdrawals';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type OpenPackData = Camel<OpenPackResult>;

/** POST /api/v1/inventory/packs/open: the pack becomes `unpacked` and its skins join the inventory. */
export function useOpenPack() {
  const call = useApi();
  return useIdempotentMutation({
    mutationFn: (id: number, idempotencyKey) => call<OpenPackResult>('/api/v1/inventory/packs/open', { body: { id }, idempotencyKey }),
  });
}
