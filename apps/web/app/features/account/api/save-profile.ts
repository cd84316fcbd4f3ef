import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileBody } from '@store/shared/api/account';
import type { Me } from '@store/shared/api/users';
import { useApi } from '#app/lib/use-api.ts';
import { meKey } from '#app/lib/use-me.ts';

/** POST /api/v1/users/profile: answers the player as saved, which the header and the page show at once. */
export function useSaveProfile() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => call<Me>('/api/v1/users/profile', { body }),
    onSuccess: (me) => client.setQueryData(meKey, me),
  });
}
