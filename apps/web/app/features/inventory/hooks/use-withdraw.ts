import { useQueryClient } from '@tanstack/react-query';
import { formatAmount } from '@store/shared/money';
import { useAlert } from '#app/components/alerts.tsx';
import { analytics } from '#app/lib/analytics/analytics-port.ts';
import { ApiError } from '#app/lib/api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { useMe, useSetFinance } from '#app/lib/use-me.ts';
import { anyInventoryKey, findCachedItem, patchCachedItems } from '../api/get-inventory.ts';
import { useSendItems, type WithdrawMethod } from '../api/send-items.ts';
import { steamFieldOf, type SteamFieldError } from '../utils/steam-fields.ts';
import { withdrawalAlerts } from '../utils/withdrawal-alerts.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * Withdraws items (spec §4, §5): by trade link, or by Steam login when only that is saved. Skins
 * join the withdrawal queue with their countdown; credits are paid into the balance. A missing or
 * bad trade link (or login) hands its error to `onSteamError`, which opens the widget with it.
 */
export function useWithdraw({ onSteamError, onQueued }: { onSteamError: (error: SteamFieldError) => void; onQueued?: () => void }) {
  const t = useT();
  const lang = useLang();
  const me = useMe();
  const alert = useAlert();
  const client = useQueryClient();
  const setFinance = useSetFinance();
  const send = useSendItems();

  const withdraw = (ids: number[], onDone?: () => void) => {
    if (!ids.length) return;
    const method: WithdrawMethod = me?.steam.link || !me?.steam.login ? 'trade' : 'login';
    send.mutate(
      { ids, method },
      {
        onSuccess: (res) => {
          onDone?.();
          if (res.status === 'credited') {
            setFinance({ balance: res.balance });
            alert.success(t('alerts.itemType3CreditedToTheBalance', { amount: formatAmount(res.amount, { locale: lang }) }));
            return;
          }
          patchCachedItems(client, res.ids, (i) => ({ ...i, status: 'PREPARING', timerData: { endsAt: res.timerEndsAt } }));
          // The first live notice says the same; the player hears it once per item.
          const fresh = res.ids.filter((id) => withdrawalAlerts.first(id, 'item_in_withdrawal_queue'));
          if (fresh.length) alert.success(t('alerts.item_in_withdrawal_queue'));
          onQueued?.();
        },
        onError: (e) => {
          const code = e instanceof ApiError ? e.code : 'unpredicted';
          // Spec §8: a failed withdrawal is reported with each item's name and price and the code.
          for (const id of ids) {
            const item = findCachedItem(client, id);
            analytics.event('withdraw_failed', { item_name: item?.marketName ?? null, price: item?.price ?? null, code });
          }
          const field = e instanceof ApiError ? steamFieldOf(e.code) : null;
          if (field) onSteamError({ field, message: e.message });
          else alert.error(e instanceof ApiError && e.code !== 'unpredicted' ? t('withdraw.cannotSend', { reason: e.message }) : e.message);
        },
        onSettled: () => void client.invalidateQueries({ queryKey: anyInventoryKey }),
      },
    );
  };
  return { withdraw, pending: send.isPending };
}
