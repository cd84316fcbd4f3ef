import { useQuery } from '@tanstack/react-query';
import type { DailyNotificationPreferences } from '@store/shared/api/levels';
import { useApi } from '#app/lib/use-api.ts';
import { useMe } from '#app/lib/use-me.ts';

export const preferencesKey = ['daily-notifications'] as const;

/** GET /api/v1/notifications/daily-cases/get-preferences: where the player hears that a level case is ready. */
export function useNotificationPreferences() {
  const call = useApi();
  const me = useMe();
  return useQuery({
    queryKey: [...preferencesKey, me?.userId ?? 0],
    queryFn: () => call<DailyNotificationPreferences>('/api/v1/notifications/daily-cases/get-preferences'),
    enabled: !!me,
  });
}
