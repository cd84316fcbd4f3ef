import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { playerStanding } from '@store/shared/api/operators';
import { useApi } from '#app/lib/use-api.ts';
import { playerKey } from './get-player.ts';

export type PlayerStanding = z.infer<typeof playerStanding>;

/** POST /api/v1/admin/players/:id/block: the player can no longer sign in or play; nothing of theirs is lost. */
export function useBlockPlayer(id: number) {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => call<PlayerStanding>(`/api/v1/admin/players/${id}/block`, { body: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: playerKey(id) }),
  });
}
