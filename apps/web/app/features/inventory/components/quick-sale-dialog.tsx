import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { InventoryResponse } from '@store/shared/api/inventory';
import { MAX_SELL_OR_WITHDRAW_ITEMS } from '@store/shared/constants';
import { useAlert } from '#app/components/alerts.tsx';
import { useConfirm } from '#app/components/confirm-dialog.tsx';
import { Dialog } from '#app/components/dialog.tsx';
import { Money } from '#app/components/money.tsx';
import { Skeleton } from '#app/components/skeleton.tsx';
import type { ApiCaller } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import type { InventoryItemData } from '../api/get-inventory.ts';
import { soldWithoutBalance, useSellItems } from '../api/sell-items.ts';
import { quickSaleToggle, quickSaleFirst } from '../utils/selection-rule.ts';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

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
 * total. Nothing is ticked at first, at most 10 can be (the most one sale takes, spec §5), and the
 * sale asks first with its sum (decision 044): the player picks what goes, then says yes to it.
 */
export function QuickSaleDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const t = useT();
  const call = useApi();
  const alert = useAlert();
  const list = useQuery({ queryKey: ['inventory', userId, 'quick-sale'], queryFn: () => allActive(call, userId), staleTime: 0 });
  const sell = useSellItems();
  const confirm = useConfirm('quick-sale');
  const [picked, setPicked] = useState<ReadonlyMap<number, InventoryItemData>>(new Map());
  const items = list.data ?? [];
  // What is still on the list: an item sold meanwhile (another tab) drops out of the pick when the list is read again.
  const chosen = items.filter((i) => picked.has(i.id));
  const total = sum(chosen);
  const full = chosen.length >= MAX_SELL_OR_WITHDRAW_ITEMS;

  const toggle = (item: InventoryItemData) => {
    const next = quickSaleToggle(picked, item, MAX_SELL_OR_WITHDRAW_ITEMS);
    if (next) setPicked(next);
  };

  const sellChosen = () => {
    const seen = chosen;
    const seenTotal = total;
    confirm.ask({
      title: t('quickSale.confirmTitle'),
      text: t('quickSale.confirmText', { count: seen.length }),
      sum: seenTotal,
      confirmLabel: t('quickSale.confirmYes'),
      // Exactly the ids the player saw: the server sells all of them or none.
      run: () =>
        sell.mutate(
          { ids: seen.map((i) => i.id) },
          {
            onSuccess: (res) => {
              alert.success(soldWithoutBalance(res) ? t('alerts.all_items_in_sale_queue') : t('inventory.soldAlert', { count: res.sold.length }));
              onClose();
            },
            onError: (e) => alert.error(e.message),
          },
        ),
    });
  };

  // One modal at a time: the question replaces the list while it is asked, and Cancel brings the list back as it was.
  if (confirm.dialog) return confirm.dialog;
  return (
    <Dialog title={t('quickSale.title')} onClose={onClose} testId="quick-sale-dialog">
      <div className="quick-sale">
        <div className="quick-sale__tools">
          <button
            type="button"
            className="btn btn--secondary btn--s"
            onClick={() => setPicked(quickSaleFirst(items, MAX_SELL_OR_WITHDRAW_ITEMS))}
            disabled={sell.isPending || !items.length}
            data-testid="quick-sale-all"
          >
            {t('quickSale.selectFirst', { n: MAX_SELL_OR_WITHDRAW_ITEMS })}
          </button>
          <button type="button" className="btn btn--secondary btn--s" onClick={() => setPicked(new Map())} disabled={sell.isPending || !chosen.length} data-testid="quick-sale-none">
            {t('inventory.clearAll')}
          </button>
          <span className="muted quick-sale__count" data-testid="quick-sale-count" data-n={chosen.length}>
            {t('quickSale.chosen', { n: chosen.length, max: MAX_SELL_OR_WITHDRAW_ITEMS })}
          </span>
        </div>
        {full && (
          <p className="quick-sale__limit" data-testid="quick-sale-limit">
            {t('quickSale.limit', { n: MAX_SELL_OR_WITHDRAW_ITEMS })}
          </p>
        )}
        {!list.data ? (
          <Skeleton height={240} radius={12} />
        ) : items.length === 0 ? (
          <p className="empty">{t('quickSale.empty')}</p>
        ) : (
          <ul className="quick-sale__list">
            {items.map((i) => {
              const on = picked.has(i.id);
              // Once ten are ticked the rest cannot be: the limit shows on the list, not after a tap.
              const off = sell.isPending || (!on && full);
              return (
                <li key={i.id}>
                  <label className={`quick-sale__row${off ? ' quick-sale__row--off' : ''}`} data-testid="quick-sale-row" data-item-id={i.id}>
                    <input type="checkbox" checked={on} onChange={() => toggle(i)} disabled={off} />
                    {i.image ? <Picture src={i.image} alt="" width={48} height={36} /> : <span className="quick-sale__noimg" />}
                    <span className="quick-sale__name">{i.name}</span>
                    <Money value={i.price} />
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        <div className="quick-sale__foot">
          <span className="quick-sale__total">
            {t('quickSale.total')} <Money value={total} className="quick-sale__sum" />
          </span>
          <button type="button" className="btn btn--quicksale btn--m" disabled={!chosen.length || sell.isPending} onClick={sellChosen} data-testid="quick-sale-sell">
            {sell.isPending ? t('quickSale.selling') : t('quickSale.sell', { n: chosen.length })}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
