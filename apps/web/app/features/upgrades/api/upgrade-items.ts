import { useQueryClient } from '@tanstack/react-query';
import type { UpgradeResult } from '@store/shared/api/upgrades';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type UpgradeResultData = Camel<UpgradeResult>;

/**
 * POST /api/v1/upgrades/upgrade-items: stake items on one roll for the target. The answer
 * changes nothing on screen by itself: the page shows it once the wheel stops (`useUpgradeShown`).
 */
export function useUpgradeItems() {
  const call = useApi();
  return useIdempotentMutation({
    mutationFn: (body: { userItemIds: number[]; targetItemId: string; reversed: boolean }, idempotencyKey) =>
      call<UpgradeResult>('/api/v1/upgrades/upgrade-items', {
        body: { user_item_ids: body.userItemIds, target_item_id: body.targetItemId, reversed: body.reversed },
        idempotencyKey,
      }),
  });
}

/**
 * What an upgrade changes elsewhere on the page, once its wheel has stopped: the consolation coins
 * in the header and the items (shown any earlier, the coins give a loss away while the wheel
 * turns).
 */
export function useUpgradeShown() {
  const client = useQueryClient();
  const setFinance = useSetFinance();
  return (res: UpgradeResultData) => {
    setFinance({ coinBalance: res.coinsBalance });
    void client.invalidateQueries({ queryKey: ['inventory'] });
  };
}
