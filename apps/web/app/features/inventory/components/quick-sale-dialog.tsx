import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InventoryResponse } from '@store/shared/api/inventory';
import { useAlert } from '#app/components/alerts.tsx';
import { Dialog } from '#app/components/dialog.tsx';
import { Money } from '#app/components/money.tsx';
import { Skeleton } from '#app/components/skeleton.tsx';
import type { ApiCaller } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import type { InventoryItemData } from '../api/get-inventory.ts';
import { useSellInBatches } from '../api/sell-items.ts';
import { Picture } from '#app/components/picture.tsx';

const PER_PAGE = 100;

/**
 * Every item the player can sell right now, page after page (the quick sale lists them all): the
 * active ones but free drops locked until the first deposit (decision 058).
 */
async function allActive(call: ApiCaller, userId: number): Promise<InventoryItemData[]> {
  const items: InventoryItemData[] = [];
  for (let page = 1; ; page++) {
    const res = await call<InventoryResponse>(`/api/v1/inventory/get?user_id=${userId}&group=active&page=${page}&per_page=${PER_PAGE}`);
    items.push(...res.items);
    if (res.items.length < PER_PAGE || items.length >= res.totalItem) return items.filter((i) => !i.saleLocked);
  }
}

const sum = (items: InventoryItemData[]) => Math.round(items.reduce((s, i) => s + i.price, 0) * 100) / 100;

/**
 * Quick sale (spec §2 other screens): the items that can be sold, with their prices and a running
 * total; all are ticked at first. The selection sells in one go, 10 items a call.
 */
export function QuickSaleDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const call = useApi();
  const alert = useAlert();
  const list = useQuery({ queryKey: ['inventory', userId, 'quick-sale'], queryFn: () => allActive(call, userId), staleTime: 0 });
  const sell = useSellInBatches();
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const [progress, setProgress] = useState(0);
  const items = list.data ?? [];
  const chosen = items.filter((i) => !unticked.has(i.id));
  const total = sum(chosen);

  const toggle = (id: number) => {
    const next = new Set(unticked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setUnticked(next);
  };

  const go = () =>
    sell.mutate(
      { ids: chosen.map((i) => i.id), onBatch: setProgress },
      {
        onSuccess: ({ sold, error }) => {
          alert.success(t('inventory.soldAlert', { count: sold.length }));
          if (error) alert.error(error.message);
          onClose();
        },
        onError: (e) => alert.error(e.message),
      },
    );

  return (
    <Dialog title={t('quickSale.title')} onClose={onClose} testId="quick-sale-dialog">
      <div className="quick-sale">
        <div className="quick-sale__tools">
          <button type="button" className="btn btn--secondary btn--s" onClick={() => setUnticked(new Set())} disabled={sell.isPending} data-testid="quick-sale-all">
            {t('inventory.selectAll')}
          </button>
          <button type="button" className="btn btn--secondary btn--s" onClick={() => setUnticked(new Set(items.map((i) => i.id)))} disabled={sell.isPending} data-testid="quick-sale-none">
            {t('inventory.clearAll')}
          </button>
          <span className="muted quick-sale__count">{t('quickSale.chosen', { n: chosen.length, total: items.length })}</span>
        </div>
        {!list.data ? (
          <Skeleton height={240} radius={12} />
        ) : items.length === 0 ? (
          <p className="empty">{t('quickSale.empty')}</p>
        ) : (
          <ul className="quick-sale__list">
            {items.map((i) => (
              <li key={i.id}>
                <label className="quick-sale__row" data-testid="quick-sale-row" data-item-id={i.id}>
                  <input type="checkbox" checked={!unticked.has(i.id)} onChange={() => toggle(i.id)} disabled={sell.isPending} />
                  {i.image ? <Picture src={i.image} alt="" width={48} height={36} /> : <span className="quick-sale__noimg" />}
                  <span className="quick-sale__name">{i.name}</span>
                  <Money value={i.price} />
                </label>
              </li>
            ))}
          </ul>
        )}
        <div className="quick-sale__foot">
          <span className="quick-sale__total">
            {t('quickSale.total')} <Money value={total} className="quick-sale__sum" />
          </span>
          <button type="button" className="btn btn--quicksale btn--m" disabled={!chosen.length || sell.isPending} onClick={go} data-testid="quick-sale-sell">
            {sell.isPending ? t('quickSale.selling', { n: progress, total: chosen.length }) : t('quickSale.sell', { n: chosen.length })}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
