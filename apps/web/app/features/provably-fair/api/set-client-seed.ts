import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeedsResult } from '@store/shared/api/provably-fair';
import { useApi } from '#app/lib/use-api.ts';
import { seedsKey } from './get-seeds.ts';

/** POST /api/v1/provably-fair/client-seed: the player's own client seed, used from the next roll. */
export function useSetClientSeed() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string) => call<SeedsResult>('/api/v1/provably-fair/client-seed', { body: { client_seed: clientSeed } }),
    onSuccess: (seeds) => client.setQueryData(seedsKey, seeds),
  });
}
