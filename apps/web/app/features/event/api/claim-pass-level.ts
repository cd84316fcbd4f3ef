import type { PassClaimResult } from '@store/shared/api/events';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type PassClaimData = Camel<PassClaimResult>;

/**
 * POST /api/v1/event/challenge/prize/{level}: takes a done level's reward. It pays once (the
 * server refuses a second claim with event_level_claimed); a dropped call is retried with its key.
 */
export function useClaimPassLevel() {
  const call = useApi();
  return useIdempotentMutation({
    mutationFn: (level: number, idempotencyKey) =>
      call<PassClaimResult>(`/api/v1/event/challenge/prize/${level}`, { method: 'POST', idempotencyKey }),
  });
}
