import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RotateResult } from '@store/shared/api/provably-fair';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { seedsKey } from './get-seeds.ts';
import { revealedSeedsKey } from './get-revealed-seeds.ts';
import { anyOutcomeKey } from './get-outcome.ts';
import { myOutcomesKey } from './get-my-outcomes.ts';

export type RotateData = Camel<RotateResult>;

/**
 * POST /api/v1/provably-fair/rotate: the server seed of the current pair is revealed and a new
 * pair starts. Refused with seedRotationInGame while the player sits in a running battle.
 */
export function useRotateSeed() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call<RotateResult>('/api/v1/provably-fair/rotate', { method: 'POST', body: {} }),
    onSuccess: (res) => {
      client.setQueryData(seedsKey, { current: res.current });
      // The outcomes rolled with that pair can now be checked to the end.
      void client.invalidateQueries({ queryKey: revealedSeedsKey });
      void client.invalidateQueries({ queryKey: myOutcomesKey });
      void client.invalidateQueries({ queryKey: anyOutcomeKey });
    },
  });
}
