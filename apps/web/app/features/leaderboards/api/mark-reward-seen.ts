import { useMutation } from '@tanstack/react-query';
import { useApi } from '#app/lib/use-api.ts';

/** POST /api/v2/top/rewards/{id}/seen: the popup of this prize is not shown again. */
export function useMarkRewardSeen() {
  const call = useApi();
  return useMutation({ mutationFn: (id: number) => call<unknown>(`/api/v2/top/rewards/${id}/seen`, { method: 'POST' }) });
}
