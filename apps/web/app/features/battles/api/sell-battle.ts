import { useQueryClient } from '@tanstack/react-query';
import type { SellResponse } from '@store/shared/api/inventory';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';
import { requireAnswer } from '../utils/battle-answer.ts';
import { battleWinningsKey } from './get-battle-winnings.ts';

export type BattleSellResult = Camel<SellResponse>;

/** POST /api/battles/sell: sells the player's unsold winnings of one battle; the header shows the new balance. */
export function useSellBattle() {
  const call = useApi();
  const client = useQueryClient();
  const setFinance = useSetFinance();
  return useIdempotentMutation({
    mutationFn: async (ulid: string, idempotencyKey) =>
      requireAnswer('sell', await call<SellResponse>('/api/battles/sell', { body: { battle_ulid: ulid }, idempotencyKey }), (res) => Array.isArray(res.sold)),
    onSuccess: (res, ulid) => {
      void client.invalidateQueries({ queryKey: battleWinningsKey(ulid) });
      setFinance({ balance: res.balance, totalAmountItems: res.totalAmountItems });
      void client.invalidateQueries({ queryKey: ['inventory'] });
    },
  });
}
