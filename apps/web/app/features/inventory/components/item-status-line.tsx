import { WITHDRAWAL_COUNTDOWN_MS } from '@store/shared/withdrawals';
import type { InventoryItemData } from '../api/get-inventory.ts';
import { statusKey, statusTone } from '../utils/item-status.ts';
import { Countdown } from './countdown.tsx';
import { TradeOffer } from './trade-offer.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * A card's footer for an item that is not simply in the inventory: its status in words, with the
 * withdrawal's 5-minute countdown while `PREPARING` and the Steam offer while `send`.
 */
export function ItemStatusLine({ item, arrivedAt, owner }: { item: InventoryItemData; arrivedAt: number; owner: boolean }) {
  const t = useT();
  return (
    <span className="item-status">
      <span className={`status status--${statusTone(item.status)}`} data-testid="item-status">
        {t(`inventory.status.${statusKey(item.status)}`, { defaultValue: item.status })}
      </span>
      {owner && item.status === 'PREPARING' && item.timerData && (
        <Countdown until={item.timerData.endsAt} arrivedAt={arrivedAt} capSeconds={WITHDRAWAL_COUNTDOWN_MS / 1000} testId="withdraw-countdown" hideWhenDone />
      )}
      {owner && item.status === 'send' && <TradeOffer itemId={item.id} />}
    </span>
  );
}
