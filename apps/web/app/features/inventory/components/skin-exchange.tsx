import { useState } from 'react';
import { INVENTORY_PAGE_SIZE, ITEM_TYPE } from '@store/shared/constants';
import { ItemCard } from '#app/components/item-card.tsx';
import { Pager } from '#app/components/pager.tsx';
import { CardGridSkeleton } from '#app/components/skeleton.tsx';
import { useInventory, type InventoryItemData } from '../api/get-inventory.ts';
import { ExchangeDialog } from './exchange-dialog.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * The skin exchange page's list: the player's skins in the inventory; choosing one opens the
 * exchange popup. An exchange pays into the balance, so free drops locked until the first deposit
 * are left out (decision 058).
 */
export function SkinExchange({ userId }: { userId: number }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<InventoryItemData | null>(null);
  const inventory = useInventory(userId, 'active', page);
  const data = inventory.data;
  const skins = data?.items.filter((i) => i.type === ITEM_TYPE.skin && i.status === 'progress' && !i.saleLocked) ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.totalItem / INVENTORY_PAGE_SIZE)) : 1;
  return (
    <section className="skin-exchange" data-testid="skin-exchange">
      {!data ? (
        <CardGridSkeleton count={8} height={190} />
      ) : skins.length === 0 ? (
        <p className="empty" data-testid="skin-exchange-empty">
          {t('exchange.noSkins')}
        </p>
      ) : (
        <div className="item-grid">
          {skins.map((item) => (
            <ItemCard key={item.id} item={item} onClick={() => setChosen(item)} testId="exchange-skin" footer={<span className="status status--progress">{t('exchange.choose')}</span>} />
          ))}
        </div>
      )}
      <Pager page={page} pages={pages} onPage={setPage} label={t('inventory.pages')} />
      {chosen && <ExchangeDialog itemId={chosen.id} item={chosen} onClose={() => setChosen(null)} />}
    </section>
  );
}
