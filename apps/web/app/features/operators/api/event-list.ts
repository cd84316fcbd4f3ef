import { useQuery } from '@tanstack/react-query';
import type { OperatorEventsResponse } from '@store/shared/api/operator-events';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type EventsData = Camel<OperatorEventsResponse>;
export type EventData = EventsData['items'][number];
export const eventsKey = ['operators', 'events'] as const;

/** GET /api/v1/admin/events: every season, latest first, with its players, claims and raffle. */
export const getEvents = (call: ApiCaller) => call<OperatorEventsResponse>('/api/v1/admin/events');

export function useEvents(initial: EventsData) {
  const call = useApi();
  return useQuery({ queryKey: eventsKey, queryFn: () => getEvents(call), initialData: initial, staleTime: 5_000 });
}
