import { useTranslation } from 'react-i18next';
import { ItemCard } from '#app/components/item-card.tsx';
import { CardGridSkeleton } from '#app/components/skeleton.tsx';
import type { UniqueItemData } from '../api/get-unique-items.ts';

/** The items a player can aim for, searchable and sorted by price. */
export function TargetPicker({
  items,
  loading,
  selectedId,
  onSelect,
  search,
  onSearch,
  sort,
  onSort,
}: {
  items: UniqueItemData[] | undefined;
  loading: boolean;
  selectedId: string | null;
  onSelect: (item: UniqueItemData) => void;
  search: string;
  onSearch: (s: string) => void;
  sort: 'price_asc' | 'price_desc';
  onSort: (s: 'price_asc' | 'price_desc') => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="picker">
      <div className="picker__head">
        <h2>{t('upgrade.target')}</h2>
        <div className="picker__tools">
          <input type="search" value={search} placeholder={t('upgrade.search')} onChange={(e) => onSearch(e.target.value)} maxLength={100} data-testid="target-search" />
          <select value={sort} onChange={(e) => onSort(e.target.value as 'price_asc' | 'price_desc')} aria-label={t('upgrade.sortAsc')}>
            <option value="price_asc">{t('upgrade.sortAsc')}</option>
            <option value="price_desc">{t('upgrade.sortDesc')}</option>
          </select>
        </div>
      </div>
      {!items || loading ? (
        <CardGridSkeleton count={8} height={170} />
      ) : (
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
      )}
    </section>
  );
}
