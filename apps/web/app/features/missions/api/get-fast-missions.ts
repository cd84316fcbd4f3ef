import { useQuery } from '@tanstack/react-query';
import type { FastMission } from '@store/shared/api/account';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type FastMissionData = Camel<FastMission>;
export const fastMissionsKey = ['missions', 'fast'] as const;

/** GET /api/v1/users/missions/fast: the first steps with their progress 0..3 and prize. */
export const getFastMissions = async (call: ApiCaller) => (await call<{ missions: FastMission[] }>('/api/v1/users/missions/fast')).missions;

export function useFastMissions() {
  const call = useApi();
  return useQuery({ queryKey: fastMissionsKey, queryFn: () => getFastMissions(call) });
}
