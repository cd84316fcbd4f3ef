import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InventoryResponse } from '@store/shared/api/inventory';
import type { Camel } from '#app/lib/api.ts';
import type { ApiCaller } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type InventoryData = Camel<InventoryResponse>;
export type InventoryItemData = InventoryData['items'][number];
export type InventoryGroup = 'active' | 'all';

export const inventoryKey = (userId: number, group: InventoryGroup, page: number) => ['inventory', userId, group, page] as const;

/** GET /api/v1/inventory/get: one page (45 items) of a player's inventory. */
export const getInventory = (call: ApiCaller, userId: number, group: InventoryGroup, page: number) =>
  call<InventoryResponse>(`/api/v1/inventory/get?user_id=${userId}&group=${group}&page=${page}`);

export function useInventory(userId: number, group: InventoryGroup, page: number, initial?: InventoryData) {
  const call = useApi();
  return useQuery({
    queryKey: inventoryKey(userId, group, page),
    queryFn: () => getInventory(call, userId, group, page),
    initialData: group === 'active' && page === 1 ? initial : undefined,
    placeholderData: keepPreviousData,
  });
}
