import type { Battle } from '@store/shared/api/battles';
import { useApi } from '#app/lib/use-api.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';
import { requireAnswer } from '../utils/battle-answer.ts';

/** POST /api/battles/start: the creator fills the empty seats with bots and the battle begins. */
export function useStartBattle() {
  const call = useApi();
  return useIdempotentMutation({
    mutationFn: async (ulid: string, idempotencyKey) =>
      requireAnswer('start', await call<{ battle: Battle }>('/api/battles/start', { body: { battle_ulid: ulid }, idempotencyKey }), (res) => !!res.battle),
  });
}
