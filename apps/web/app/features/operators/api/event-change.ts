import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDefinitionInput, EventEditBody, OperatorEvent } from '@store/shared/api/operator-events';
import { useApi } from '#app/lib/use-api.ts';
import { eventKey } from './event-detail.ts';
import { eventsKey, type EventData } from './event-list.ts';

/** The list and the season's page are read again after any change of a season. */
function useEventChange<V>(send: (call: ReturnType<typeof useApi>, v: V) => Promise<EventData>) {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => send(call, v),
    onSuccess: (e) => Promise.all([client.invalidateQueries({ queryKey: eventsKey }), client.invalidateQueries({ queryKey: eventKey(e.id) })]),
  });
}

/** POST /api/v1/admin/events: a season defined whole. */
export const useCreateEvent = () => useEventChange((call, body: EventDefinitionInput) => call<OperatorEvent>('/api/v1/admin/events', { body }));

/** PATCH /api/v1/admin/events/:id: its texts and dates. */
export const useEditEvent = (id: number) => useEventChange((call, body: EventEditBody) => call<OperatorEvent>(`/api/v1/admin/events/${id}`, { method: 'PATCH', body }));

/** POST /api/v1/admin/events/:id/end: ends now; the close job then draws the raffle. */
export const useEndEvent = (id: number) => useEventChange((call, reason: string | undefined) => call<OperatorEvent>(`/api/v1/admin/events/${id}/end`, { body: reason ? { reason } : {} }));
