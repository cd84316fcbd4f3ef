import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { INVENTORY_PAGE_SIZE, ITEM_TYPE } from '@store/shared/constants';
import { toMinor, toUnits } from '@store/shared/money';
import { useAlert } from '#app/components/alerts.tsx';
import { useConfirm } from '#app/components/confirm-dialog.tsx';
import { EmptyState } from '#app/components/empty-state.tsx';
import { Money } from '#app/components/money.tsx';
import { Pager } from '#app/components/pager.tsx';
import { CardGridSkeleton } from '#app/components/skeleton.tsx';
import { useWaitingForSell } from '#app/lib/sale-aggregation.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useInventory, type InventoryData, type InventoryGroup, type InventoryItemData } from '../api/get-inventory.ts';
import { soldWithoutBalance, useSellItems, type SellWhat } from '../api/sell-items.ts';
import { useInventorySelection } from '../hooks/use-inventory-selection.ts';
import { useUnpack } from '../hooks/use-unpack.ts';
import { useWithdraw } from '../hooks/use-withdraw.ts';
import { canSelect, visibleItems } from '../utils/selection-rule.ts';
import type { SteamFieldError } from '../utils/steam-fields.ts';
import { ExchangeDialog } from './exchange-dialog.tsx';
import { InventoryCard, type ItemAction } from './inventory-card.tsx';
import { PackOpening } from './pack-opening.tsx';
import { QuickSaleDialog } from './quick-sale-dialog.tsx';
import { SelectionBar } from './selection-bar.tsx';
import { TradeLinkDialog } from './trade-link-dialog.tsx';
import { useT } from '#app/lib/use-t.ts';

const OWNER_GROUPS: InventoryGroup[] = ['active', 'withdrawal', 'all'];
const VISITOR_GROUPS: InventoryGroup[] = ['active', 'all'];

/**
 * A player's inventory (spec §2 Profile inventory). Anyone may look; the owner selects up to 10
 * items to sell or withdraw, and has each item's own actions: sell, withdraw, unpack, replace,
 * upgrade. The trade-link widget, the quick sale, the exchange popup and the unpack animation
 * open from here.
 */
export function InventoryPanel({ userId, isOwner, initial }: { userId: number; isOwner: boolean; initial?: InventoryData }) {
  const t = useT();
  const to = useLocalePath();
  const alert = useAlert();
  const [group, setGroup] = useState<InventoryGroup>('active');
  const [page, setPage] = useState(1);
  const [steamDialog, setSteamDialog] = useState<{ error: SteamFieldError | null } | null>(null);
  const [exchange, setExchange] = useState<InventoryItemData | null>(null);
  const [quickSale, setQuickSale] = useState(false);
  const selection = useInventorySelection();
  const inventory = useInventory(userId, group, page, initial);
  const sell = useSellItems();
  const unpack = useUnpack();
  // Spec §8: a page that failed to load says so once, titled by whether it was the first page or more.
  const { error: loadError, errorUpdatedAt } = inventory;
  useEffect(() => {
    if (loadError) alert.error(loadError.message, t(page > 1 ? 'inventory.loadMoreFailed' : 'inventory.loadFailed'));
    // One toast per failed read, not per render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errorUpdatedAt]);
  const showGroup = (g: InventoryGroup) => {
    setGroup(g);
    setPage(1);
    selection.clear();
  };
  const { withdraw, pending: withdrawing } = useWithdraw({
    onSteamError: (error) => setSteamDialog({ error }),
    // The queued items left the active list: follow them to the withdrawal tab.
    onQueued: () => showGroup('withdrawal'),
  });
  const data = inventory.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalItem / INVENTORY_PAGE_SIZE)) : 1;
  const shown = data ? (isOwner ? visibleItems(data.items, selection.selected) : data.items).filter((i) => !unpack.hidden.has(i.id)) : [];
  const busy = sell.isPending || withdrawing;
  const waitingForSell = useWaitingForSell();

  const doSell = (what: SellWhat) =>
    sell.mutate(what, {
      onSuccess: (res) => {
        selection.clear();
        if (soldWithoutBalance(res)) alert.success(t(res.sold.length > 1 || 'all' in what ? 'alerts.all_items_in_sale_queue' : 'alerts.item_in_sale_queue'));
        else alert.success(t('inventory.soldAlert', { count: res.sold.length }));
      },
      onError: (e) => alert.error(e.message),
    });

  const confirmSellAll = useConfirm('sell-all');
  // The count and sum on screen are the active list's own, fresh (not another tab's kept on
  // screen while it loads): they are what the player confirms and what the server checks.
  const settled = group === 'active' && !inventory.isPlaceholderData && !inventory.isFetching;
  // Free drops locked until the first deposit stay out of "sell all" (decision 058), on screen and on the server.
  const sellable = data ? { count: data.totalItem - data.lockedItem, total: toUnits(toMinor(data.totalPrice) - toMinor(data.lockedPrice)) } : null;
  const sellAll = () => {
    if (!sellable || !settled || sellable.count === 0) return;
    const seen = sellable;
    confirmSellAll.ask({
      title: t('inventory.sellAllTitle'),
      text: t('inventory.sellAllText', { count: seen.count }),
      sum: seen.total,
      confirmLabel: t('inventory.sellAllYes'),
      run: () => doSell({ all: seen }),
    });
  };

  const withdrawSelected = () => {
    if (selection.items.some((i) => i.type === ITEM_TYPE.pack)) return alert.error(t('inventory.unpackFirst'));
    withdraw(selection.ids, selection.clear);
  };

  const onAction = (item: InventoryItemData, action: ItemAction) => {
    if (action === 'sell') doSell({ ids: [item.id] });
    else if (action === 'withdraw') withdraw([item.id]);
    else if (action === 'unpack') unpack.start(item);
    else setExchange(item);
  };

  return (
    <section className="inventory" data-testid="inventory">
      {confirmSellAll.dialog}
      <div className="inventory__head">
        <div className="tabs inventory__tabs" role="tablist">
          {(isOwner ? OWNER_GROUPS : VISITOR_GROUPS).map((g) => (
            <button key={g} type="button" role="tab" aria-selected={g === group} className={g === group ? 'on' : ''} onClick={() => showGroup(g)} data-testid={`inventory-tab-${g}`}>
              {t(`inventory.groups.${g}`)}
            </button>
          ))}
        </div>
        {data && (
          <span className="muted" data-testid="inventory-total">
            {t('inventory.total', { count: data.totalItem })} · <Money value={data.totalPrice} />
          </span>
        )}
        {isOwner && waitingForSell && (
          <span className="status status--busy" data-testid="sale-queue">
            {t('alerts.all_items_in_sale_queue')}
          </span>
        )}
      </div>

      {isOwner && (
        <div className="inventory__tools">
          <button type="button" className="btn btn--secondary btn--s" onClick={() => setSteamDialog({ error: null })} data-testid="open-trade-link">
            {t('steam.open')}
          </button>
          <button type="button" className="btn btn--quicksale btn--s" onClick={() => setQuickSale(true)} data-testid="open-quick-sale">
            {t('quickSale.open')}
          </button>
          <Link to={to('/skin-exchange')} className="btn btn--secondary btn--s" data-testid="to-skin-exchange">
            {t('exchange.page')}
          </Link>
        </div>
      )}

      {isOwner && group === 'active' && data && data.totalItem > 0 && (
        <SelectionBar
          count={selection.selected.size}
          total={selection.total}
          allTotal={sellable!.total}
          busy={busy}
          onSelectAll={() => selection.selectAll(shown)}
          onClear={selection.clear}
          onSell={() => doSell({ ids: selection.ids })}
          onWithdraw={withdrawSelected}
          onSellAll={sellAll}
          sellAllReady={settled && sellable!.count > 0}
        />
      )}

      {!data && loadError ? (
        <EmptyState testId="inventory-failed" text={t('inventory.loadFailed')} />
      ) : !data ? (
        <CardGridSkeleton count={10} height={190} />
      ) : shown.length === 0 ? (
        <EmptyState
          testId="inventory-empty"
          text={t(group === 'withdrawal' ? 'inventory.emptyWithdrawal' : isOwner ? 'inventory.empty' : 'inventory.emptyVisitor')}
          action={isOwner && group !== 'withdrawal' ? { label: t('inventory.emptyAction'), to: to('/') } : undefined}
        />
      ) : (
        <div className={`item-grid inventory__grid${inventory.isPlaceholderData ? ' is-stale' : ''}`}>
          {shown.map((item) => (
            <InventoryCard
              key={item.id}
              item={item}
              owner={isOwner}
              selected={selection.selected.has(item.id)}
              selectable={canSelect(item, selection.selected) || selection.selected.has(item.id)}
              busy={busy}
              arrivedAt={inventory.dataUpdatedAt}
              onToggle={() => selection.toggle(item)}
              onAction={(action) => onAction(item, action)}
            />
          ))}
        </div>
      )}

      <Pager page={page} pages={pages} onPage={setPage} label={t('inventory.pages')} pageTestId="inventory-page" nextTestId="next-page" />

      {steamDialog && <TradeLinkDialog initialError={steamDialog.error} onClose={() => setSteamDialog(null)} />}
      {exchange && <ExchangeDialog itemId={exchange.id} item={exchange} onClose={() => setExchange(null)} />}
      {quickSale && <QuickSaleDialog userId={userId} onClose={() => setQuickSale(false)} />}
      {unpack.unpacking && <PackOpening pack={unpack.unpacking.pack} result={unpack.unpacking.result} onDone={unpack.finished} onClose={unpack.close} />}
    </section>
  );
}
