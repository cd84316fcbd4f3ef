import type { LeaveBattleResponse } from '@store/shared/api/battles';
import { useApi } from '#app/lib/use-api.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { useBattleStatusUpdates } from './get-battle-status.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

/** POST /api/battles/leave: give the seat back before the start, with a refund (the creator leaving cancels). */
export function useLeaveBattle() {
  const call = useApi();
  const setFinance = useSetFinance();
  const status = useBattleStatusUpdates();
  return useIdempotentMutation({
    mutationFn: (ulid: string, idempotencyKey) => call<LeaveBattleResponse>('/api/battles/leave', { body: { battle_ulid: ulid }, idempotencyKey }),
    onSuccess: (res) => {
      setFinance({ balance: res.balance });
      status.changed();
    },
  });
}
