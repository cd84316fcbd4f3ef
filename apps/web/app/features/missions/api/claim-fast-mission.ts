import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FastMissionType } from '@store/shared/account';
import { useApi } from '#app/lib/use-api.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { fastMissionsKey } from './get-fast-missions.ts';

/** POST /api/v1/users/missions/fast/{type}/claim: pays the prize once; the header's balance takes the new one. */
export function useClaimFastMission() {
  const call = useApi();
  const client = useQueryClient();
  const setFinance = useSetFinance();
  return useMutation({
    mutationFn: (type: FastMissionType) => call<{ prize: number; balance: number }>(`/api/v1/users/missions/fast/${type}/claim`, { method: 'POST' }),
    onSuccess: ({ balance }) => setFinance({ balance }),
    onSettled: () => client.invalidateQueries({ queryKey: fastMissionsKey }),
  });
}
