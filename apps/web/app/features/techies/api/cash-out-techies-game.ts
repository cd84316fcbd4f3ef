import type { TechiesGame } from '@store/shared/api/techies';
import { useApi } from '#app/lib/use-api.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

/** POST /api/v1/techies/cashout: stake × multiplier goes to the balance. */
export function useCashOutTechiesGame() {
  const call = useApi();
  const setFinance = useSetFinance();
  return useIdempotentMutation({
    mutationFn: (gameId: number, idempotencyKey) =>
      call<TechiesGame>('/api/v1/techies/cashout', { body: { game_id: gameId }, idempotencyKey }),
    onSuccess: (game) => setFinance({ balance: game.balance }),
  });
}
