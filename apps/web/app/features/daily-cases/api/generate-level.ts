import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LevelGenerateResponse } from '@store/shared/api/levels';
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
  });
}
