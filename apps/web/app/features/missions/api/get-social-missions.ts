import { useQuery } from '@tanstack/react-query';
import type { SocialMission } from '@store/shared/api/account';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type SocialMissionData = Camel<SocialMission>;
export const socialMissionsKey = ['missions', 'social'] as const;

/** GET /api/v1/users/missions/social: join the store's community on a network, checked through the linked account. */
export function useSocialMissions() {
  const call = useApi();
  return useQuery({ queryKey: socialMissionsKey, queryFn: async () => (await call<{ missions: SocialMission[] }>('/api/v1/users/missions/social')).missions });
}
