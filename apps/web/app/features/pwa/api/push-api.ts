import { useQuery } from '@tanstack/react-query';
import type { PushMission, PushSubscriptionJson } from '@store/shared/api/pwa';
import type { PushMissionType } from '@store/shared/pwa';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type PushMissionData = Camel<PushMission>;
export const pushKeyKey = ['push', 'key'] as const;
export const pushMissionKey = (type: PushMissionType) => ['push', 'mission', type] as const;

/** GET /api/v1/push/key: the store's VAPID public key, or none when it has no push service. */
export function usePushKey(enabled: boolean) {
  const call = useApi();
  return useQuery({
    queryKey: pushKeyKey,
    queryFn: () => call<{ available: boolean; public_key: string | null }>('/api/v1/push/key'),
    enabled,
    staleTime: Infinity,
  });
}

/** GET /api/v1/push/missions/{type}: spec §7's status and msg, with the progress 0..3. */
export function usePushMission(type: PushMissionType, enabled: boolean) {
  const call = useApi();
  return useQuery({ queryKey: pushMissionKey(type), queryFn: () => call<PushMission>(`/api/v1/push/missions/${type}`), enabled });
}

/** POST /api/v1/push/subscriptions: opts this browser in; the answer is the mission after the welcome push. */
export const sendSubscription = (call: ApiCaller, subscription: PushSubscriptionJson, installed: boolean) =>
  call<{ mission: PushMission }>('/api/v1/push/subscriptions', { body: { subscription, installed } });

/** DELETE /api/v1/push/subscriptions: opts this browser out (the caller's verbs stop at POST). */
export async function dropSubscription(endpoint: string): Promise<void> {
  await fetch('/api/v1/push/subscriptions', {
    method: 'DELETE',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint }),
  });
}

/** POST /api/v1/push/missions/{type}/claim: pays the prize once. */
export const claimPushMission = (call: ApiCaller, type: PushMissionType) =>
  call<{ status: true; msg: string; prize: number; balance: number }>(`/api/v1/push/missions/${type}/claim`, { method: 'POST' });
