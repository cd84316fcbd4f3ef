import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SubscriptionChannel } from '@store/shared/account';
import type { subscriptionVariantsResponse, userSubscriptionsResponse } from '@store/shared/api/account';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

type Variants = z.infer<typeof subscriptionVariantsResponse>;
type Mine = z.infer<typeof userSubscriptionsResponse>;
export interface SubscriptionsData {
  variants: Camel<Variants>['variants'];
  mine: Camel<Mine>['subscriptions'];
}
export const subscriptionsKey = ['account', 'subscriptions'] as const;

/** GET /api/v1/subscriptions (what the store offers) and /api/v1/users/subscriptions (the player's). */
export async function getSubscriptions(call: ApiCaller): Promise<SubscriptionsData> {
  const [variants, mine] = await Promise.all([call<Variants>('/api/v1/subscriptions'), call<Mine>('/api/v1/users/subscriptions')]);
  return { variants: variants.variants, mine: mine.subscriptions };
}

export function useSubscriptions(initial: SubscriptionsData) {
  const call = useApi();
  return useQuery({ queryKey: subscriptionsKey, queryFn: () => getSubscriptions(call), initialData: initial });
}

/** POST /api/v1/users/subscriptions {channel, subscribed}: refused with the requirement's code when one blocks it. */
export function useSetSubscription() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { channel: SubscriptionChannel; subscribed: boolean }) => call<unknown>('/api/v1/users/subscriptions', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: subscriptionsKey }),
  });
}
