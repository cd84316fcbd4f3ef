import type { monitoringStatus } from '@store/shared/api/platform';
import type { z } from 'zod';
import type { ApiCaller } from '#app/lib/api.ts';

/**
 * GET /api/v1/monitoring/status (spec §7): whether the store is down for technical work. A failed
 * call counts as online: an outage of the status must not take the whole site down with it.
 */
export const getOffline = (call: ApiCaller): Promise<boolean> =>
  call<z.infer<typeof monitoringStatus>>('/api/v1/monitoring/status').then(
    (s) => s.isOffline === true,
    () => false,
  );
