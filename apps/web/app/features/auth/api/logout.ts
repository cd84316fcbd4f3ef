import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api.ts';
import { useLang } from '../../../lib/use-lang.ts';

/** POST /api/v1/auth/revoke: the session ends on the server, not only in this browser. */
export function useLogout() {
  const lang = useLang();
  return useMutation({ mutationFn: () => apiCall<{ revoked: boolean }>('/api/v1/auth/revoke', { method: 'POST', lang }) });
}
