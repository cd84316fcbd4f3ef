import type { CancelBattleResponse } from '@store/shared/api/battles';
import { useApi } from '#app/lib/use-api.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { useBattleStatusUpdates } from './get-battle-status.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';
import { requireAnswer } from '../utils/battle-answer.ts';

/** POST /api/battles/cancel_start: the creator calls the battle off before the start; every seat is refunded. */
export function useCancelBattle() {
  const call = useApi();
  const setFinance = useSetFinance();
  const status = useBattleStatusUpdates();
  return useIdempotentMutation({
    mutationFn: async (ulid: string, idempotencyKey) =>
      requireAnswer('cancel', await call<CancelBattleResponse>('/api/battles/cancel_start', { body: { battle_ulid: ulid }, idempotencyKey })),
    onSuccess: (res) => {
      setFinance({ balance: res.balance });
      status.changed();
    },
  });
}
