import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WithdrawalNotice } from '@store/shared/api/withdrawals';
import { WITHDRAWAL_EVENT } from '@store/shared/channels';
import { useAlert } from '#app/components/alerts.tsx';
import { camelize } from '#app/lib/api.ts';
import { lazyPart } from '#app/lib/lazy-part.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { useUserChannel } from '#app/lib/use-user-channel.ts';
import { anyInventoryKey, findCachedItem, patchCachedItems, type InventoryItemData } from '../api/get-inventory.ts';
import { tradeOfferKey, type TradeOfferData } from '../api/get-trade-offer.ts';
import { KNOWN_WITHDRAWAL_ALERTS, withdrawalAlertKind, withdrawalAlerts } from '../utils/withdrawal-alerts.ts';
import { useT } from '#app/lib/use-t.ts';

// Opened only when nobody sells a withdrawn skin: fetched then, not with every page.
const ExchangeDialog = lazyPart(() => import('./exchange-dialog.tsx').then((m) => m.ExchangeDialog));

/**
 * A withdrawal moved (`withdrawal_status` on the player's channel), on whatever page the player
 * is: the item's new status goes into every inventory list, its Steam offer into the cache, the
 * alert of spec §8 is shown, and when nobody sells the skin (`error_skin_transfer`) the exchange
 * popup opens for it.
 */
export function WithdrawalListener() {
  const t = useT();
  const me = useMe();
  const client = useQueryClient();
  const alert = useAlert();
  const [exchange, setExchange] = useState<{ itemId: number; item: InventoryItemData | null } | null>(null);

  const live = useUserChannel<WithdrawalNotice>(me?.userId ?? null, WITHDRAWAL_EVENT, (raw) => {
    const notice = camelize(raw);
    patchCachedItems(client, [notice.id], (i) => ({ ...i, status: notice.status, timerData: notice.status === 'PREPARING' ? i.timerData : null }));
    if (notice.tradeId) client.setQueryData<TradeOfferData>(tradeOfferKey(notice.id), { tradeId: notice.tradeId, sendUntil: notice.sendUntil, state: notice.state });
    const code = notice.alert;
    if (code && (KNOWN_WITHDRAWAL_ALERTS as readonly string[]).includes(code) && withdrawalAlerts.first(notice.id, code)) {
      alert[withdrawalAlertKind(code)](t(`alerts.${code}`));
    }
    // Back in the inventory: a later withdrawal of the same item tells its story again.
    if (notice.status === 'progress') withdrawalAlerts.forget(notice.id);
    if (code === 'error_skin_transfer') {
      const item = findCachedItem(client, notice.id);
      setExchange({ itemId: notice.id, item: item ? { ...item, status: 'progress', timerData: null } : null });
    }
    void client.invalidateQueries({ queryKey: anyInventoryKey });
  });

  if (!me) return null;
  return (
    <>
      {/* Says when withdrawal news can arrive (the browser tests wait on it). */}
      <span hidden data-testid="withdrawal-listener" data-live={live ? 'on' : 'off'} />
      {exchange && <ExchangeDialog itemId={exchange.itemId} item={exchange.item} reason={t('exchange.unavailable')} onClose={() => setExchange(null)} />}
    </>
  );
}
