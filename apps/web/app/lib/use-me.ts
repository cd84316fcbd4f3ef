import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteLoaderData } from 'react-router';
import type { Me } from '@store/shared/api/users';
import { endsSession } from '@store/shared/api-retry';
import { ApiError, apiCall, sessionFailed, type ApiOptions, type Camel } from './api.ts';
import type { Lang } from './lang.ts';
import { useLang } from './use-lang.ts';

export type MeData = Camel<Me>;
export const meKey = ['me'] as const;

interface RootData {
  me: MeData | null;
}

/**
 * The session read, the client's "auth client" (decision 082): who is signed in, or null. A 401
 * was already handed to the session handler by `apiCall`; an `unpredicted` answer (a GET, asked
 * once more on a 500 first) from the server itself signs out the same way (spec §8). Any other
 * failure is the caller's.
 */
export async function readSession(lang: Lang, fetcher?: ApiOptions['fetcher']): Promise<MeData | null> {
  try {
    return await apiCall<Me>('/api/v1/users/me', { lang, fetcher });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.status === 401) return null;
    // A gateway's or tech-work's answer (502-504) is not the server judging the session: a deploy must not sign everyone out.
    if (!endsSession(e.code) || e.status >= 502) throw e;
    sessionFailed(e);
    return null;
  }
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
    queryFn: () => readSession(lang),
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
