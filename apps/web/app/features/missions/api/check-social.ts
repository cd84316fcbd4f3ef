import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SocialMissionType } from '@store/shared/account';
import type { SocialMission } from '@store/shared/api/account';
import { meKey } from '#app/lib/use-me.ts';
import { useApi } from '#app/lib/use-api.ts';
import { socialMissionsKey } from './get-social-missions.ts';

/** POST /api/v1/users/socials/check {type}: asks the network now; pays the mission once when the player is a member. */
export function useCheckSocial() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (type: SocialMissionType) => call<{ mission: SocialMission; paid: number }>('/api/v1/users/socials/check', { body: { type } }),
    onSuccess: ({ paid }) => {
      // A paid mission moved the wallet: the header reads the player again.
      if (paid > 0) void client.invalidateQueries({ queryKey: meKey });
    },
    onSettled: () => client.invalidateQueries({ queryKey: socialMissionsKey }),
  });
}
