import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { InventoryResponse } from '@store/shared/api/inventory';
import type { Camel } from '#app/lib/api.ts';
import type { ApiCaller } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type InventoryData = Camel<InventoryResponse>;
export type InventoryItemData = InventoryData['items'][number];
/** The owner's tabs (spec §3 groups): what can be used, what is on its way to Steam, everything. */
export type InventoryGroup = 'active' | 'withdrawal' | 'all';

export const inventoryKey = (userId: number, group: InventoryGroup, page: number) => ['inventory', userId, group, page] as const;
/** Every cached inventory list: the profile's tabs, the upgrade and contract pickers, the exchange page. */
export const anyInventoryKey = ['inventory'] as const;

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

/**
 * Rewrites items in every cached inventory list at once (a status that moved, a withdrawal's
 * countdown), so each tab shows the change before its next read.
 */
export function patchCachedItems(client: QueryClient, ids: readonly number[], patch: (item: InventoryItemData) => InventoryItemData) {
  const wanted = new Set(ids);
  client.setQueriesData<InventoryData>({ queryKey: anyInventoryKey }, (data) =>
    data && Array.isArray(data.items) && data.items.some((i) => wanted.has(i.id)) ? { ...data, items: data.items.map((i) => (wanted.has(i.id) ? patch(i) : i)) } : data,
  );
}

/** Finds an item in whatever inventory list holds it, for popups opened from afar (a live notice). */
export function findCachedItem(client: QueryClient, id: number): InventoryItemData | null {
  for (const [, data] of client.getQueriesData<InventoryData>({ queryKey: anyInventoryKey })) {
    const found = data?.items?.find((i) => i.id === id);
    if (found) return found;
  }
  return null;
}
