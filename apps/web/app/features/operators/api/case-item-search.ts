import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UniqueItemsPage } from '@store/shared/api/upgrades';
import { useApi } from '#app/lib/use-api.ts';

/**
 * The catalogue's skins by name, with their prices now (`GET /api/v1/unique-items`, the upgrade
 * picker's public list: its base price is the catalogue price), for the odds editor to add a row.
 */
export function useCaseItemSearch(query: string) {
  const call = useApi();
  const q = query.trim();
  return useQuery({
    queryKey: ['operators', 'item-search', q],
    queryFn: () => call<UniqueItemsPage>(`/api/v1/unique-items?${new URLSearchParams({ search: q, per_page: '12', sort: 'price_desc' })}`, { paged: true }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
