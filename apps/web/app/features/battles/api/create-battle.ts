import type { CreateBattleBody, CreateBattleResponse } from '@store/shared/api/battles';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { useBattleStatusUpdates } from './get-battle-status.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type CreateBattleResult = Camel<CreateBattleResponse>;

/** POST /api/battles/battles: the creator takes seat 1 and pays; a retry with the same key is answered once. */
export function useCreateBattle() {
  const call = useApi();
  const setFinance = useSetFinance();
  const status = useBattleStatusUpdates();
  return useIdempotentMutation({
    mutationFn: (body: CreateBattleBody, idempotencyKey) => call<CreateBattleResponse>('/api/battles/battles', { body, idempotencyKey }),
    onSuccess: (res) => {
      setFinance({ balance: res.balance });
      status.changed();
    },
  });
}
