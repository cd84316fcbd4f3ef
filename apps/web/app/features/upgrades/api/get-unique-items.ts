import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { UniqueItemsPage } from '@store/shared/api/upgrades';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type UniqueItemData = Camel<UniqueItemsPage>['items'][number];

export interface TargetFilter {
  search: string;
  minPrice: number;
  maxPrice: number | null;
  sort: 'price_asc' | 'price_desc';
}

/** A page of targets at a time: the catalogue holds thousands, a phone shows two dozen at once. */
export const TARGETS_PER_PAGE = 24;

const targetQuery = (filter: TargetFilter, page: number, perPage: number) => {
  const q = new URLSearchParams({ group: 'upgrade', sort: filter.sort, page: String(page), per_page: String(perPage) });
  if (filter.search.trim()) q.set('search', filter.search.trim());
  if (filter.minPrice > 0) q.set('min_price', String(filter.minPrice));
  if (filter.maxPrice !== null) q.set('max_price', String(filter.maxPrice));
  return q.toString();
};

/** GET /api/v1/unique-items?group=upgrade: the items a player can aim for, page after page. */
export function useTargetPages(filter: TargetFilter, enabled = true) {
  const call = useApi();
  const key = targetQuery(filter, 1, TARGETS_PER_PAGE);
  return useInfiniteQuery({
    queryKey: ['unique-items', key],
    queryFn: ({ pageParam }) => call<UniqueItemsPage>(`/api/v1/unique-items?${targetQuery(filter, pageParam, TARGETS_PER_PAGE)}`, { paged: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.paginator.page < last.paginator.lastPage ? last.paginator.page + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60_000,
  });
}

/** The cheapest target worth at least `minPrice` (a quick multiplier's pick), or null when none is. */
export async function cheapestTargetFrom(call: ApiCaller, minPrice: number): Promise<UniqueItemData | null> {
  const res = await call<UniqueItemsPage>(`/api/v1/unique-items?${targetQuery({ search: '', minPrice, maxPrice: null, sort: 'price_asc' }, 1, 1)}`, { paged: true });
  return res.items[0] ?? null;
}
