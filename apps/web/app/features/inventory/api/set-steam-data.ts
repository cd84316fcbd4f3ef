import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { steamDataResult } from '@store/shared/api/users';
import { useApi } from '#app/lib/use-api.ts';
import { meKey, type MeData } from '#app/lib/use-me.ts';

type SteamDataResult = z.infer<typeof steamDataResult>;

/** POST /api/v1/users/set/steam/data: saves the trade link and/or the Steam login; the player's cache takes them. */
export function useSetSteamData() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { link?: string; login?: string }) => call<SteamDataResult>('/api/v1/users/set/steam/data', { body }),
    onSuccess: (res) => client.setQueryData<MeData | null>(meKey, (me) => (me ? { ...me, steam: { ...me.steam, ...res.steam } } : me)),
  });
}
