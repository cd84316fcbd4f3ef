import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UniqueItemsResponse } from '@store/shared/api/upgrades';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type UniqueItemData = Camel<UniqueItemsResponse>['items'][number];

export interface TargetFilter {
  search: string;
  minPrice: number;
  sort: 'price_asc' | 'price_desc';
  perPage?: number;
}

/** GET /api/v1/unique-items?group=upgrade: the items a player can aim for. */
export function useUniqueItems(filter: TargetFilter, enabled = true) {
  const call = useApi();
  const q = new URLSearchParams({ group: 'upgrade', sort: filter.sort, per_page: String(filter.perPage ?? 24) });
  if (filter.search.trim()) q.set('search', filter.search.trim());
  if (filter.minPrice > 0) q.set('min_price', String(filter.minPrice));
  return useQuery({
    queryKey: ['unique-items', q.toString()],
    queryFn: () => call<UniqueItemsResponse>(`/api/v1/unique-items?${q.toString()}`),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60_000,
  });
}
