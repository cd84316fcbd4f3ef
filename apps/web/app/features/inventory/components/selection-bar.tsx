import { MAX_SELL_OR_WITHDRAW_ITEMS } from '@store/shared/constants';
import { Money } from '#app/components/money.tsx';
import { useT } from '#app/lib/use-t.ts';

/** The owner's bar over the active items: the selection, select all / clear, and what to do with it. */
export function SelectionBar({
  count,
  total,
  allTotal,
  busy,
  onSelectAll,
  onClear,
  onSell,
  onWithdraw,
  onSellAll,
  sellAllReady,
}: {
  count: number;
  total: number;
  allTotal: number;
  busy: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onSell: () => void;
  onWithdraw: () => void;
  onSellAll: () => void;
  /** False while the list's count and sum are being loaded: "sell all" waits for the real figures. */
  sellAllReady: boolean;
}) {
  const t = useT();
  return (
    <div className="sell-bar">
      <span className="muted sell-bar__count" data-testid="selected-count">
        {count ? t('inventory.selected', { n: count, max: MAX_SELL_OR_WITHDRAW_ITEMS }) : t('inventory.selectHint')}
      </span>
      <div className="sell-bar__pick">
        <button type="button" className="btn btn--secondary btn--s" onClick={onSelectAll} data-testid="select-all">
          {t('inventory.selectAll')}
        </button>
        <button type="button" className="btn btn--secondary btn--s" onClick={onClear} disabled={!count} data-testid="clear-all">
          {t('inventory.clearAll')}
        </button>
      </div>
      <div className="sell-bar__go">
        <button type="button" className="btn btn--quicksale btn--m" disabled={!count || busy} onClick={onSell} data-testid="sell-selected">
          {t('inventory.sellSelected')} {count > 0 && <Money value={total} />}
        </button>
        <button type="button" className="btn btn--primary btn--m" disabled={!count || busy} onClick={onWithdraw} data-testid="withdraw-selected">
          {t('inventory.withdrawSelected')}
        </button>
        <button type="button" className="btn btn--secondary btn--m" disabled={busy || !sellAllReady} onClick={onSellAll} data-testid="sell-all">
          {t('inventory.sellAll')} <Money value={allTotal} />
        </button>
      </div>
    </div>
  );
}
