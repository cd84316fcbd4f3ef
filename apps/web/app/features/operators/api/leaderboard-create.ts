import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeaderboardCreateInput, OperatorLeaderboard } from '@store/shared/api/operator-promotions';
import { useApi } from '#app/lib/use-api.ts';
import { leaderboardsKey } from './leaderboard-list.ts';

/** POST /api/v1/admin/leaderboards: a board starting now; the list is read again. */
export function useCreateLeaderboard() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LeaderboardCreateInput) => call<OperatorLeaderboard>('/api/v1/admin/leaderboards', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: leaderboardsKey }),
  });
}
