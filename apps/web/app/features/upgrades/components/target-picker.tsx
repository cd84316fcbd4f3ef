import { ItemCard } from '#app/components/item-card.tsx';
import { CardGridSkeleton } from '#app/components/skeleton.tsx';
import type { UniqueItemData } from '../api/get-unique-items.ts';
import { useT } from '#app/lib/use-t.ts';

export type TargetSort = 'price_asc' | 'price_desc';

/**
 * The items a player can aim for: searched by name, narrowed to a price range, sorted by price,
 * a page at a time with "show more" (24 items and nothing after them would be a dead end).
 */
export function TargetPicker({
  items,
  total,
  hasMore,
  loadingMore,
  onMore,
  selectedId,
  onSelect,
  search,
  onSearch,
  sort,
  onSort,
  priceFrom,
  priceTo,
  onPriceFrom,
  onPriceTo,
  rangeEmpty,
}: {
  items: UniqueItemData[] | undefined;
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  selectedId: string | null;
  onSelect: (item: UniqueItemData) => void;
  search: string;
  onSearch: (s: string) => void;
  sort: TargetSort;
  onSort: (s: TargetSort) => void;
  priceFrom: string;
  priceTo: string;
  onPriceFrom: (s: string) => void;
  onPriceTo: (s: string) => void;
  rangeEmpty: boolean;
}) {
  const t = useT();
  return (
    <section className="picker">
      <div className="picker__head">
        <h2>{t('upgrade.target')}</h2>
        <div className="picker__tools">
          <input type="search" value={search} placeholder={t('upgrade.search')} aria-label={t('upgrade.search')} onChange={(e) => onSearch(e.target.value)} maxLength={100} data-testid="target-search" />
          <select value={sort} onChange={(e) => onSort(e.target.value as TargetSort)} aria-label={t('upgrade.sortLabel')}>
            <option value="price_asc">{t('upgrade.sortAsc')}</option>
            <option value="price_desc">{t('upgrade.sortDesc')}</option>
          </select>
        </div>
      </div>
      <div className="picker__range" role="group" aria-label={t('upgrade.priceRange')}>
        <span className="muted">{t('upgrade.priceRange')}</span>
        <input inputMode="decimal" value={priceFrom} placeholder={t('upgrade.priceFrom')} aria-label={t('upgrade.priceFrom')} onChange={(e) => onPriceFrom(e.target.value)} maxLength={12} data-testid="target-price-from" />
        <span aria-hidden="true">–</span>
        <input inputMode="decimal" value={priceTo} placeholder={t('upgrade.priceTo')} aria-label={t('upgrade.priceTo')} onChange={(e) => onPriceTo(e.target.value)} maxLength={12} data-testid="target-price-to" />
        {items && !rangeEmpty && (
          <span className="muted picker__count" data-testid="target-count" data-shown={items.length} data-total={total}>
            {t('upgrade.shownOf', { shown: items.length, total })}
          </span>
        )}
      </div>
      {rangeEmpty ? (
        <p className="form-error" data-testid="target-range-error">
          {t('upgrade.rangeEmpty')}
        </p>
      ) : !items ? (
        <CardGridSkeleton count={8} height={170} />
      ) : items.length === 0 ? (
        <p className="empty empty--small" data-testid="target-none">
          {t('upgrade.noTargets')}
        </p>
      ) : (
        <>
          <div className="item-grid item-grid--picker">
            {items.map((item) => (
              <ItemCard
                key={item.id}
                item={{ ...item, price: item.priceData.price }}
                compact
                selected={item.id === selectedId}
                onClick={() => onSelect(item)}
                testId="target-item"
              />
            ))}
          </div>
          {hasMore && (
            <button type="button" className="btn btn--secondary btn--m picker__more" onClick={onMore} disabled={loadingMore} data-testid="target-more">
              {t('upgrade.showMore')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
