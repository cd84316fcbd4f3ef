import { useQuery } from '@tanstack/react-query';
import type { OperatorEventDetail } from '@store/shared/api/operator-events';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type EventDetailData = Camel<OperatorEventDetail>;
export const eventKey = (id: number) => ['operators', 'event', id] as const;

/** GET /api/v1/admin/events/:id: the season, its pass with how far players got, its raffle and its document. */
export const getEvent = (call: ApiCaller, id: number) => call<OperatorEventDetail>(`/api/v1/admin/events/${id}`);

export function useEvent(initial: EventDetailData) {
  const call = useApi();
  return useQuery({ queryKey: eventKey(initial.id), queryFn: () => getEvent(call, initial.id), initialData: initial, staleTime: 5_000 });
}
