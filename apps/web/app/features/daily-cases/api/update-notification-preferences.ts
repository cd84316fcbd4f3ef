import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateDailyNotificationPreferencesResponse } from '@store/shared/api/account';
import type { DailyNotificationPreferences } from '@store/shared/api/levels';
import { useApi } from '#app/lib/use-api.ts';
import { useMe } from '#app/lib/use-me.ts';
import { preferencesKey } from './get-notification-preferences.ts';

/**
 * POST /api/v1/notifications/daily-cases/update-preferences with the changed channels; answers the
 * player's subscriptions (spec §7) and, beside them, every daily-case channel as saved.
 */
export function useUpdateNotificationPreferences() {
  const call = useApi();
  const me = useMe();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<DailyNotificationPreferences>) =>
      call<UpdateDailyNotificationPreferencesResponse>('/api/v1/notifications/daily-cases/update-preferences', { body: patch }),
    onSuccess: (answer) => client.setQueryData([...preferencesKey, me?.userId ?? 0], answer.preferences),
  });
}
