import { useMutation } from '@tanstack/react-query';
import type { LeaveBattleResponse } from '@store/shared/api/battles';
import { useApi } from '../../../lib/use-api.ts';
import { useSetFinance } from '../../../lib/use-me.ts';
import { useBattleStatusUpdates } from './get-battle-status.ts';

/** POST /api/battles/leave: give the seat back before the start, with a refund (the creator leaving cancels). */
export function useLeaveBattle() {
  const call = useApi();
  const setFinance = useSetFinance();
  const status = useBattleStatusUpdates();
  return useMutation({
    mutationFn: (ulid: string) => call<LeaveBattleResponse>('/api/battles/leave', { body: { battle_ulid: ulid }, idempotent: true }),
    onSuccess: (res) => {
      setFinance({ balance: res.balance });
      status.changed();
    },
  });
}
