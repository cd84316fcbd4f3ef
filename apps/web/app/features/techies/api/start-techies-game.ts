import type { TechiesGame } from '@store/shared/api/techies';
import { useApi } from '#app/lib/use-api.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

/** POST /api/v1/techies/start: the stake leaves the balance and the layout is rolled. */
export function useStartTechiesGame() {
  const call = useApi();
  const setFinance = useSetFinance();
  return useIdempotentMutation({
    mutationFn: (body: { stake: number; mines: number }, idempotencyKey) =>
      call<TechiesGame>('/api/v1/techies/start', { body, idempotencyKey }),
    // Money going out shows at once; nothing about the outcome is known yet.
    onSuccess: (game) => setFinance({ balance: game.balance }),
  });
}
