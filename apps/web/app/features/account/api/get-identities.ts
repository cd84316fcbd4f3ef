import { useQuery } from '@tanstack/react-query';
import type { IdentitiesResponse } from '@store/shared/api/account';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type IdentitiesData = Camel<IdentitiesResponse>;
export const identitiesKey = ['account', 'identities'] as const;

/** GET /api/v1/users/identities: the providers linked to the account, and whether it has a password. */
export const getIdentities = (call: ApiCaller) => call<IdentitiesResponse>('/api/v1/users/identities');

export function useIdentities(initial: IdentitiesData) {
  const call = useApi();
  return useQuery({ queryKey: identitiesKey, queryFn: () => getIdentities(call), initialData: initial });
}
