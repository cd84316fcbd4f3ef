import { useMutation } from '@tanstack/react-query';
import type { RevokeAllResponse } from '@store/shared/api/auth';
import { useApi } from '#app/lib/use-api.ts';

/** POST /api/v1/auth/revoke/all: "sign out everywhere" ends every session of the player. */
export function useRevokeAllSessions() {
  const call = useApi();
  return useMutation({ mutationFn: () => call<RevokeAllResponse>('/api/v1/auth/revoke/all', { method: 'POST' }) });
}
