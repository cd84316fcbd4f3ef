import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LevelGenerateResponse } from '@store/shared/api/levels';
import { ApiError } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { meKey } from '#app/lib/use-me.ts';
import { dailyCasesKey } from './get-daily-cases.ts';

/** POST /api/v1/users/level/generate: the starting level from the first deposit, once. */
export function useGenerateLevel() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call<LevelGenerateResponse>('/api/v1/users/level/generate', { method: 'POST' }),
    onSuccess: () => Promise.all([client.refetchQueries({ queryKey: meKey, exact: true }), client.invalidateQueries({ queryKey: dailyCasesKey })]),
    // Taken meanwhile (another tab): the fresh player record drops the offer, so no button is left that can only fail.
    onError: (e) => (e instanceof ApiError && e.code === 'level_already_generated' ? client.refetchQueries({ queryKey: meKey, exact: true }) : undefined),
  });
}
