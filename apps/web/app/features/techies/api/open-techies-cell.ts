import type { TechiesGame } from '@store/shared/api/techies';
import { useApi } from '#app/lib/use-api.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

/**
 * POST /api/v1/techies/open: one cell. The answer is not written anywhere here: the page holds it
 * until the cell's flip has ended (a last safe cell pays out, and the balance must not tell first).
 */
export function useOpenTechiesCell() {
  const call = useApi();
  return useIdempotentMutation({
    mutationFn: (body: { gameId: number; cell: number }, idempotencyKey) =>
      call<TechiesGame>('/api/v1/techies/open', { body: { game_id: body.gameId, cell: body.cell }, idempotencyKey }),
  });
}
