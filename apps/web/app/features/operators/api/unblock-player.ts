import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '#app/lib/use-api.ts';
import type { PlayerStanding } from './block-player.ts';
import { playerKey } from './get-player.ts';

/** POST /api/v1/admin/players/:id/unblock: the player's sessions work again as they were. */
export function useUnblockPlayer(id: number) {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => call<PlayerStanding>(`/api/v1/admin/players/${id}/unblock`, { body: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: playerKey(id) }),
  });
}
