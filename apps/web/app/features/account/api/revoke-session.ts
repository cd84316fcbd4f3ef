import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '#app/lib/use-api.ts';
import { sessionsKey } from './get-sessions.ts';

/** POST /api/v1/auth/sessions/{id}/revoke: signs one other browser out. */
export function useRevokeSession() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call<{ revoked: boolean }>(`/api/v1/auth/sessions/${encodeURIComponent(id)}/revoke`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
