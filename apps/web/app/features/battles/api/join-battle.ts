import type { JoinBattleResponse } from '@store/shared/api/battles';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { useBattleStatusUpdates } from './get-battle-status.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type JoinBattleResult = Camel<JoinBattleResponse>;

/** POST /api/battles/join: take a seat (the first free one when none is named) and pay; the last seat starts it. */
export function useJoinBattle() {
  const call = useApi();
  const setFinance = useSetFinance();
  const status = useBattleStatusUpdates();
  return useIdempotentMutation({
    mutationFn: (o: { ulid: string; seat?: number }, idempotencyKey) =>
      call<JoinBattleResponse>('/api/battles/join', { body: { battle_ulid: o.ulid, seat: o.seat }, idempotencyKey }),
    onSuccess: (res) => {
      setFinance({ balance: res.balance });
      status.changed();
    },
  });
}
