import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SigninProvider } from '@store/shared/account';
import type { IdentitiesResponse } from '@store/shared/api/account';
import { useApi } from '#app/lib/use-api.ts';
import { identitiesKey } from './get-identities.ts';

/** POST /api/v1/users/identities/{provider}/unlink: refused (identity_last) when it is the only way in. */
export function useUnlinkIdentity() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: SigninProvider) => call<IdentitiesResponse>(`/api/v1/users/identities/${provider}/unlink`, { method: 'POST' }),
    onSuccess: (data) => client.setQueryData(identitiesKey, data),
  });
}
