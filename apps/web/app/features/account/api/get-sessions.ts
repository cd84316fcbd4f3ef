import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { sessionsResponse } from '@store/shared/api/auth';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

type SessionsResponse = z.infer<typeof sessionsResponse>;
export type SessionsData = Camel<SessionsResponse>;
export const sessionsKey = ['account', 'sessions'] as const;

/** GET /api/v1/auth/sessions: the player's signed-in browsers and apps, this one marked. */
export const getSessions = (call: ApiCaller) => call<SessionsResponse>('/api/v1/auth/sessions');

export function useSessions(initial: SessionsData) {
  const call = useApi();
  return useQuery({ queryKey: sessionsKey, queryFn: () => getSessions(call), initialData: initial });
}
