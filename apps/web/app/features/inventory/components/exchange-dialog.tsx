import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatAmount } from '@store/shared/money';
import { useAlert } from '#app/components/alerts.tsx';
import { Dialog } from '#app/components/dialog.tsx';
import { ItemCard } from '#app/components/item-card.tsx';
import { Money } from '#app/components/money.tsx';
import { CardGridSkeleton } from '#app/components/skeleton.tsx';
import { useLang } from '#app/lib/use-lang.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { anyInventoryKey, patchCachedItems, type InventoryItemData } from '../api/get-inventory.ts';
import { useReplacements, type ReplacementData } from '../api/get-replacements.ts';
import { useReplaceItem } from '../api/replace-item.ts';
import { EXCHANGING } from '../utils/item-status.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The exchange popup (spec §2 overlays): skins of about the item's value, closest in price first;
 * the player picks one and the item is swapped for it, the difference paid into the balance. While
 * the request is out the item shows as exchanging; afterwards the list is read again (the old item
 * has left it, the new one has come in).
 */
export function ExchangeDialog({ itemId, item, reason, onClose }: { itemId: number; item: InventoryItemData | null; reason?: string; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const client = useQueryClient();
  const setFinance = useSetFinance();
  const offers = useReplacements(itemId);
  const replace = useReplaceItem();
  const [chosen, setChosen] = useState<ReplacementData | null>(null);
  const price = item?.price ?? offers.data?.price ?? 0;
  const change = chosen ? Math.max(0, Math.round((price - chosen.price) * 100) / 100) : 0;

  const confirm = () => {
    if (!chosen) return;
    const before = item?.status ?? 'progress';
    patchCachedItems(client, [itemId], (i) => ({ ...i, status: EXCHANGING }));
    replace.mutate(
      { id: itemId, itemId: chosen.itemId },
      {
        onSuccess: (res) => {
          setFinance({ balance: res.balance });
          alert.success(res.change > 0 ? t('exchange.doneChange', { name: res.item.name, change: formatAmount(res.change, { locale: lang }) }) : t('exchange.done', { name: res.item.name }));
          onClose();
        },
        onError: (e) => {
          patchCachedItems(client, [itemId], (i) => ({ ...i, status: before }));
          alert.error(e.message);
        },
        onSettled: () => void client.invalidateQueries({ queryKey: anyInventoryKey }),
      },
    );
  };

  const list = offers.data?.items;
  return (
    <Dialog title={t('exchange.title')} onClose={onClose} testId="exchange-dialog">
      <div className="exchange" data-state={replace.isPending ? 'exchanging' : 'choosing'}>
        {reason && <p className="exchange__reason">{reason}</p>}
        <div className="exchange__from">
          <span className="muted">{t('exchange.yourItem')}</span>
          <b className="exchange__name">{item?.name ?? '—'}</b>
          <Money value={price} />
        </div>
        <p className="muted exchange__hint">{t('exchange.hint')}</p>
        {!list ? (
          offers.isError ? (
            <p className="form-error">{offers.error.message}</p>
          ) : (
            <CardGridSkeleton count={4} height={150} />
          )
        ) : list.length === 0 ? (
          <p className="empty" data-testid="exchange-empty">
            {t('exchange.none')}
          </p>
        ) : (
          <div className="item-grid item-grid--picker exchange__grid">
            {list.map((r) => (
              <ItemCard
                key={r.itemId}
                item={r}
                compact
                selected={chosen?.itemId === r.itemId}
                onClick={replace.isPending ? undefined : () => setChosen(r)}
                testId="replacement-item"
                footer={price - r.price > 0.004 ? <span className="exchange__change">+{formatAmount(price - r.price, { locale: lang })}</span> : undefined}
              />
            ))}
          </div>
        )}
        <div className="exchange__actions">
          <span className="muted" data-testid="exchange-change">
            {chosen ? (change > 0 ? t('exchange.changeToBalance', { change: formatAmount(change, { locale: lang }) }) : t('exchange.noChange')) : t('exchange.pick')}
          </span>
          <button type="button" className="btn btn--accent btn--m" disabled={!chosen || replace.isPending} onClick={confirm} data-testid="exchange-confirm">
            {replace.isPending ? t('exchange.exchanging') : t('exchange.confirm')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
