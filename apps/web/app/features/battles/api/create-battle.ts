import type { CreateBattleBody, CreateBattleResponse } from '@store/shared/api/battles';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { useBattleStatusUpdates } from './get-battle-status.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';
import { requireAnswer } from '../utils/battle-answer.ts';

export type CreateBattleResult = Camel<CreateBattleResponse>;

/** POST /api/battles/battles: the creator takes seat 1 and pays; a retry with the same key is answered once. */
export function useCreateBattle() {
  const call = useApi();
  const setFinance = useSetFinance();
  const status = useBattleStatusUpdates();
  return useIdempotentMutation({
    mutationFn: async (body: CreateBattleBody, idempotencyKey) =>
      requireAnswer('create', await call<CreateBattleResponse>('/api/battles/battles', { body, idempotencyKey }), (res) => !!res.battleUlid),
    onSuccess: (res) => {
      setFinance({ balance: res.balance });
      status.changed();
    },
  });
}
