import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  operatorGamesResponse,
  operatorItemsResponse,
  operatorPromoUsesResponse,
  operatorSessionsResponse,
  sessionRevokeResult,
} from '@store/shared/api/operator-player-records';
import type { OperatorMessagesResponse } from '@store/shared/api/notifications';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type PlayerItemsData = Camel<z.infer<typeof operatorItemsResponse>>;
export type PlayerGamesData = Camel<z.infer<typeof operatorGamesResponse>>;
export type PlayerSessionsData = Camel<z.infer<typeof operatorSessionsResponse>>;
export type PromoUsesData = Camel<z.infer<typeof operatorPromoUsesResponse>>;
export type PlayerMessagesData = Camel<OperatorMessagesResponse>;

export const RECORDS_PER_PAGE = 20;
const recordsKey = (id: number, kind: string) => ['operators', 'player-records', id, kind] as const;

/**
 * A paged list of the player's records (GET /api/v1/admin/players/:id/items or /games), loaded
 * when the operator opens its tab; the previous page stays on screen while the next loads.
 */
export function usePlayerPages<T>(id: number, kind: 'items' | 'games', page: number) {
  const call = useApi();
  return useQuery({
    queryKey: [...recordsKey(id, kind), page],
    queryFn: () => call<T>(`/api/v1/admin/players/${id}/${kind}?page=${page}&per_page=${RECORDS_PER_PAGE}`),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** GET /api/v1/admin/players/:id/sessions: the player's open sessions, newest first. */
export function usePlayerSessions(id: number) {
  const call = useApi();
  return useQuery({ queryKey: recordsKey(id, 'sessions'), queryFn: () => call<PlayerSessionsData>(`/api/v1/admin/players/${id}/sessions`) });
}

/** POST …/sessions/:sessionId/revoke: ends one session with the operator's reason (audited); the list is read again. */
export function useRevokeSession(id: number) {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, reason }: { sessionId: string; reason: string }) =>
      call<Camel<z.infer<typeof sessionRevokeResult>>>(`/api/v1/admin/players/${id}/sessions/${sessionId}/revoke`, { body: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: recordsKey(id, 'sessions') }),
  });
}

/** GET /api/v1/admin/players/:id/promo-uses: the codes the player used, and the one waiting for a deposit. */
export function usePromoUses(id: number) {
  const call = useApi();
  return useQuery({ queryKey: recordsKey(id, 'promo-uses'), queryFn: () => call<PromoUsesData>(`/api/v1/admin/players/${id}/promo-uses`) });
}

/** GET /api/v1/admin/players/:id/messages: every letter and notification sent to the player, per channel, newest first. */
export function usePlayerMessages(id: number) {
  const call = useApi();
  return useQuery({ queryKey: recordsKey(id, 'messages'), queryFn: () => call<PlayerMessagesData>(`/api/v1/admin/players/${id}/messages`) });
}
