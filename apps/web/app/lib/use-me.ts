import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteLoaderData } from 'react-router';
import type { Me } from '@store/shared/api/users';
import { ApiError, apiCall, type Camel } from './api.ts';
import { useLang } from './use-lang.ts';

export type MeData = Camel<Me>;
export const meKey = ['me'] as const;

interface RootData {
  me: MeData | null;
}

/**
 * The signed-in player or null. The server renders it from the root loader; afterwards the
 * query keeps it fresh and mutations write the new balance straight into it.
 */
export function useMe(): MeData | null {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const lang = useLang();
  const { data } = useQuery({
    queryKey: meKey,
    // The session cookie is out of the page's reach: the server says who it signs in, if anyone.
    queryFn: () => apiCall<Me>('/api/v1/users/me', { lang }).catch((e: unknown) => (e instanceof ApiError && e.status === 401 ? null : Promise.reject(e))),
    initialData: root?.me ?? null,
    staleTime: 15_000,
  });
  return data ?? null;
}

/** Writes a new wallet state into the cached player after a money-moving call. */
export function useSetFinance() {
  const client = useQueryClient();
  return (patch: Partial<MeData['finance']>) =>
    client.setQueryData<MeData | null>(meKey, (me) => (me ? { ...me, finance: { ...me.finance, ...patch } } : me));
}
