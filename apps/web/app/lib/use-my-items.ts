import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InventoryResponse } from '@store/shared/api/inventory';
import type { Camel } from './api.ts';
import { useApi } from './use-api.ts';
import { useMe } from './use-me.ts';

export type MyItem = Camel<InventoryResponse>['items'][number];

/**
 * The signed-in player's items that can be staked (status `progress`), for the upgrade and
 * contract pages. Keyed under 'inventory' so a sale or a stake refreshes it with the rest.
 */
export function useMyItems(page = 1, perPage = 45) {
  const me = useMe();
  const call = useApi();
  return useQuery({
    queryKey: ['inventory', me?.userId ?? 0, 'upgrade', page, perPage],
    queryFn: () => call<InventoryResponse>(`/api/v1/inventory/get?group=upgrade&page=${page}&per_page=${perPage}&user_id=${me!.userId}`),
    enabled: !!me,
    placeholderData: keepPreviousData,
  });
}
