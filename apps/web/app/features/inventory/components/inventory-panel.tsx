import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SELL_OR_WITHDRAW_ITEMS, INVENTORY_PAGE_SIZE } from '@store/shared/constants';
import { useAlert } from '#app/components/alerts.tsx';
import { ItemCard } from '#app/components/item-card.tsx';
import { Money } from '#app/components/money.tsx';
import { CardGridSkeleton } from '#app/components/skeleton.tsx';
import { useInventory, type InventoryData, type InventoryGroup } from '../api/get-inventory.ts';
import { useSellItems } from '../api/sell-items.ts';
import { Pager } from '#app/components/pager.tsx';
import { toggleSelection } from '#app/lib/selection.ts';

/**
 * A player's inventory. Anyone may look; the owner may select up to 10 items and sell them, or
 * sell everything, for balance.
 */
export function InventoryPanel({ userId, isOwner, initial }: { userId: number; isOwner: boolean; initial?: InventoryData }) {
  const { t } = useTranslation();
  const alert = useAlert();
  const [group, setGroup] = useState<InventoryGroup>('active');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Map<number, number>>(new Map());
  const inventory = useInventory(userId, group, page, initial);
  const sell = useSellItems();
  const data = inventory.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalItem / INVENTORY_PAGE_SIZE)) : 1;
  const selectedTotal = [...selected.values()].reduce((s, p) => s + p, 0);

  const toggle = (id: number, price: number) => {
    const next = toggleSelection(selected, id, price, MAX_SELL_OR_WITHDRAW_ITEMS);
    if (!next) return alert.info(t('inventory.maxSelected', { n: MAX_SELL_OR_WITHDRAW_ITEMS }));
    setSelected(next);
  };

  const doSell = (what: { ids: number[] } | 'all') =>
    sell.mutate(what, {
      onSuccess: (res) => {
        setSelected(new Map());
        alert.success(t('inventory.soldAlert', { count: res.sold.length }));
      },
      onError: (e) => alert.error(e.message),
    });

  return (
    <section className="inventory" data-testid="inventory">
      <div className="inventory__head">
        <div className="tabs" role="tablist">
          {(['active', 'all'] as const).map((g) => (
            <button
              key={g}
              type="button"
              role="tab"
              aria-selected={g === group}
              className={g === group ? 'on' : ''}
              onClick={() => {
                setGroup(g);
                setPage(1);
                setSelected(new Map());
              }}
            >
              {t(`inventory.groups.${g}`)}
            </button>
          ))}
        </div>
        {data && (
          <span className="muted" data-testid="inventory-total">
            {t('inventory.total', { count: data.totalItem })} · <Money value={data.totalPrice} />
          </span>
        )}
      </div>

      {isOwner && group === 'active' && data && data.totalItem > 0 && (
        <div className="sell-bar">
          <span className="muted">{selected.size ? t('inventory.selected', { n: selected.size, max: MAX_SELL_OR_WITHDRAW_ITEMS }) : t('inventory.selectHint')}</span>
          <button type="button" className="btn btn--quicksale btn--m" disabled={!selected.size || sell.isPending} onClick={() => doSell({ ids: [...selected.keys()] })} data-testid="sell-selected">
            {t('inventory.sellSelected')} {selected.size > 0 && <Money value={selectedTotal} />}
          </button>
          <button type="button" className="btn btn--secondary btn--m" disabled={sell.isPending} onClick={() => doSell('all')} data-testid="sell-all">
            {t('inventory.sellAll')} <Money value={data.totalPrice} />
          </button>
        </div>
      )}

      {!data ? (
        <CardGridSkeleton count={10} height={190} />
      ) : data.items.length === 0 ? (
        <p className="empty" data-testid="inventory-empty">
          {t('inventory.empty')}
        </p>
      ) : (
        <div className={`item-grid${inventory.isPlaceholderData ? ' is-stale' : ''}`}>
          {data.items.map((item) => {
            const canSelect = isOwner && item.status === 'progress';
            return (
              <ItemCard
                key={item.id}
                item={item}
                testId="inventory-item"
                selected={selected.has(item.id)}
                onClick={canSelect ? () => toggle(item.id, item.price) : undefined}
                footer={item.status !== 'progress' ? <span className={`status status--${item.status}`}>{t(`inventory.status.${item.status}`, { defaultValue: item.status })}</span> : undefined}
              />
            );
          })}
        </div>
      )}

      <Pager page={page} pages={pages} onPage={setPage} label={t('inventory.pages')} pageTestId="inventory-page" nextTestId="next-page" />
    </section>
  );
}
