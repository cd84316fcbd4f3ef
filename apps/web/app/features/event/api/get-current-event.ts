import { useQuery } from '@tanstack/react-query';
import type { EventSettings } from '@store/shared/api/events';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useMe } from '#app/lib/use-me.ts';

export type EventSettingsData = Camel<EventSettings>;
export const currentEventKey = (userId: number) => ['event-current', userId] as const;
export const anyCurrentEventKey = ['event-current'] as const;

/** GET /api/v1/event/current: the running event's settings, null when no event is on. */
export const getCurrentEvent = (call: ApiCaller) => call<EventSettings | null>('/api/v1/event/current');

/**
 * The event settings, seeded by the event layout's loader (undefined when its call failed: the
 * browser tries once itself). A failure stays quiet (spec §8): the pages fall back to no event
 * and the default coin. Per player, for the player's own standing (`userStats`).
 */
export function useCurrentEvent(initial: EventSettingsData | null | undefined) {
  const call = useApi();
  const me = useMe();
  return useQuery({
    queryKey: currentEventKey(me?.userId ?? 0),
    queryFn: () => getCurrentEvent(call),
    initialData: initial,
    staleTime: 30_000,
    retry: false,
  });
}
