import { useQuery } from '@tanstack/react-query';
import type { EventCase } from '@store/shared/api/events';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useMe } from '#app/lib/use-me.ts';

export type EventCaseData = Camel<EventCase>;
/** event: cases that give coins; coins: cases bought with coins. */
export type EventCaseType = 'event' | 'coins';
export const eventCasesKey = (type: EventCaseType, userId: number) => ['event-cases', type, userId] as const;
export const anyEventCasesKey = ['event-cases'] as const;

/** GET /api/v1/event/cases?type=&count=: the event's case cards, with each one's lock for this player. */
export const getEventCases = (call: ApiCaller, type: EventCaseType, count?: number) =>
  call<EventCase[]>(`/api/v1/event/cases?type=${type}${count ? `&count=${count}` : ''}`);

/** The cards of one kind, seeded by the loader; a failure shows none (spec §8). */
export function useEventCases(type: EventCaseType, initial: EventCaseData[] | null) {
  const call = useApi();
  const me = useMe();
  return useQuery({
    queryKey: eventCasesKey(type, me?.userId ?? 0),
    queryFn: () => getEventCases(call, type),
    initialData: initial ?? undefined,
    gcTime: 0,
    staleTime: 15_000,
    retry: false,
  });
}
