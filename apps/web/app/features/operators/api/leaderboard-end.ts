import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorLeaderboard } from '@store/shared/api/operator-promotions';
import { useApi } from '#app/lib/use-api.ts';
import { leaderboardsKey, type LeaderboardsData } from './leaderboard-list.ts';

/**
 * POST /api/v1/admin/leaderboards/:id/end: the board ends now and its prizes are paid by the
 * close. The answer replaces the board in the list: a board lasts at least a second, so a list
 * read at once could still call it running.
 */
export function useEndLeaderboard() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call<OperatorLeaderboard>(`/api/v1/admin/leaderboards/${id}/end`, { body: {} }),
    onSuccess: (ended) =>
      client.setQueryData<LeaderboardsData>(leaderboardsKey, (list) => list && { items: list.items.map((b) => (b.id === ended.id ? ended : b)) }),
  });
}
