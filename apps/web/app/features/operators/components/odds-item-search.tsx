import { useDeferredValue, useState } from 'react';
import { useLang } from '#app/lib/use-lang.ts';
import { useCaseItemSearch } from '../api/case-item-search.ts';
import { formatMoney } from '../utils/case-format.ts';
import type { KnownItem } from '../utils/odds-editor.ts';
import { useT } from '#app/lib/use-t.ts';

/** Finds a catalogue skin by name and adds it to the odds table as a new row (its chance still to type). */
export function OddsItemSearch({ onAdd, has }: { onAdd: (item: string, info: KnownItem) => void; has: (item: string) => boolean }) {
  const t = useT();
  const lang = useLang();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const found = useCaseItemSearch(deferred);
  const items = deferred.trim().length >= 2 ? (found.data?.items ?? []) : [];
  return (
    <div className="case-item-search" data-testid="odds-item-search">
      <label className="field">
        <span className="field__label">{t('admin.cases.odds.addItem')}</span>
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('admin.cases.odds.addItemPlaceholder')} data-testid="odds-item-query" />
      </label>
      {items.length > 0 && (
        <ul className="case-item-search__list">
          {items.map((i) => (
            <li key={i.id}>
              <button
                type="button"
                className="case-item-search__item"
                disabled={has(i.id)}
                onClick={() => {
                  onAdd(i.id, { name: i.name, price: i.basePrice });
                  setQuery('');
                }}
                data-testid="odds-item-result"
              >
                <span className="case-item-search__name" style={{ borderColor: i.rarityColor }}>
                  {i.name}
                </span>
                <span className="muted">{formatMoney(i.basePrice, lang)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {deferred.trim().length >= 2 && found.isSuccess && items.length === 0 && <p className="muted console-hint">{t('admin.cases.odds.noItems')}</p>}
    </div>
  );
}
