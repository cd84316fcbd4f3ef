import { useQuery } from '@tanstack/react-query';
import { apiCall } from './api.ts';
import { levelBatcher } from './user-levels.ts';

// Levels read the same in every language; one batcher for the whole tab.
const loadLevel = levelBatcher((ids) =>
  apiCall<{ user_id: number; level: number }[]>(`/api/v1/users/levels?userIds=${ids.join(',')}`, { lang: 'ru' }),
);

/** Another player's level for a badge (0 while unknown); calls made together are batched. */
export function useUserLevel(userId: number | null | undefined): number {
  const { data } = useQuery({
    queryKey: ['user-level', userId ?? 0],
    queryFn: () => loadLevel(userId!),
    enabled: !!userId,
    staleTime: 60_000,
  });
  return data ?? 0;
}
