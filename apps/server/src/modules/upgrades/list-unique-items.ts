import type { Lang } from '@store/shared/errors';
import type { UniqueItemsPage, UniqueItemsQuery } from '@store/shared/api/upgrades';
import { toMinor } from '@store/shared/money';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { presentUniqueItem } from './present-upgrade.ts';

/**
 * The targets a player can aim for: the catalogue, filtered by name and price, sorted by price
 * and paged. The catalogue is held in memory (its prices kept current by the price watcher, decision
 * 078), so this never touches the database.
 */
export function listUniqueItems({ catalogue, lang, query }: { catalogue: Catalogue; lang: Lang; query: UniqueItemsQuery }): UniqueItemsPage {
  const search = query.search?.toLowerCase();
  const min = query.min_price === undefined ? null : toMinor(query.min_price);
  const max = query.max_price === undefined ? null : toMinor(query.max_price);
  let items = catalogue.byPrice().filter(
    (i) =>
      (min === null || i.price >= min) &&
      (max === null || i.price <= max) &&
      (!search || i.marketName.toLowerCase().includes(search) || i.nameRu.toLowerCase().includes(search) || i.nameEn.toLowerCase().includes(search)),
  );
  if (query.sort === 'price_desc') items = [...items].reverse();
  const start = (query.page - 1) * query.per_page;
  return {
    items: items.slice(start, start + query.per_page).map((i) => presentUniqueItem(i, catalogue, lang)),
    paginator: { page: query.page, per_page: query.per_page, total: items.length, last_page: Math.max(1, Math.ceil(items.length / query.per_page)) },
  };
}
