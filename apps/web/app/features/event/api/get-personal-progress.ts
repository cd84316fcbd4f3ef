import { useQuery } from '@tanstack/react-query';
import type { PersonalProgress } from '@store/shared/api/events';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type PersonalProgressData = Camel<PersonalProgress>;

/**
 * GET /api/v1/event/personal-progress?caseName= (spec §7): how often the player opened one event
 * case and the coins it gave them. Read afresh each time it is shown, so a new opening counts.
 */
export function usePersonalProgress(caseName: string) {
  const call = useApi();
  return useQuery({
    queryKey: ['event-progress', caseName],
    queryFn: () => call<PersonalProgress>(`/api/v1/event/personal-progress?caseName=${encodeURIComponent(caseName)}`),
    staleTime: 0,
    // A progress line that failed to load is left out (spec §8 silent failures of the event).
    retry: false,
  });
}
