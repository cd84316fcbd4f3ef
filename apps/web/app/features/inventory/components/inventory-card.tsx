import { Link } from 'react-router';
import { ItemCard } from '#app/components/item-card.tsx';
import { LockIcon } from '#app/components/lock-icon.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { InventoryItemData } from '../api/get-inventory.ts';
import { itemKind } from '../utils/item-status.ts';
import { CreditArt, PackArt } from './item-art.tsx';
import { ItemStatusLine } from './item-status-line.tsx';
import { useT } from '#app/lib/use-t.ts';

export type ItemAction = 'sell' | 'withdraw' | 'unpack' | 'replace';

/**
 * One inventory item. The owner clicks the card to select it and has the item's own actions
 * under it while it is in progress: a skin sells, withdraws, is replaced or goes to the upgrade
 * page; a pack sells or unpacks; a balance credit is paid into the balance. Visitors only look.
 * A free drop before the first deposit (decision 058) says so under its picture, and every action
 * but unpacking is disabled with that reason.
 */
export function InventoryCard({
  item,
  owner,
  selected,
  selectable,
  busy,
  arrivedAt,
  onToggle,
  onAction,
}: {
  item: InventoryItemData;
  owner: boolean;
  selected: boolean;
  selectable: boolean;
  busy: boolean;
  arrivedAt: number;
  onToggle: () => void;
  onAction: (action: ItemAction) => void;
}) {
  const t = useT();
  const to = useLocalePath();
  const kind = itemKind(item.type);
  const active = owner && item.status === 'progress';
  const locked = active && item.saleLocked;
  const lockId = `item-lock-${item.id}`;
  const lockNote = locked ? (
    <p className="inv-card__lock" id={lockId} data-testid="item-lock">
      <LockIcon size={11} />
      <span>{t('inventory.saleLocked')}</span>
    </p>
  ) : undefined;
  const art = kind === 'pack' ? <PackArt items={item.packItems} /> : kind === 'credit' ? <CreditArt /> : undefined;
  // A pack or a credit has no weapon: its kind goes on the small line, its name on the bold one.
  const shown =
    kind === 'pack'
      ? { ...item, name: `${t('inventory.kind.pack', { count: item.packItems?.length ?? 0 })} | ${item.name}` }
      : kind === 'credit'
        ? { ...item, name: `${t('inventory.kind.credit')} | ${item.name}` }
        : item;
  // Unpacking is not a sale: a locked pack still opens (its skins stay locked).
  const action = (name: ItemAction, label: string, testId: string) => {
    const held = locked && name !== 'unpack';
    return (
      <button
        type="button"
        className="btn btn--secondary btn--xs"
        disabled={busy || held}
        title={held ? t('inventory.saleLocked') : undefined}
        aria-describedby={held ? lockId : undefined}
        onClick={() => onAction(name)}
        data-testid={testId}
      >
        {label}
      </button>
    );
  };
  return (
    <div className={`inv-card inv-card--${kind}${locked ? ' inv-card--locked' : ''}`} data-testid="inventory-item" data-item-id={item.id} data-status={item.status} data-type={item.type} data-locked={locked || undefined}>
      <ItemCard
        item={shown}
        art={art}
        selected={selected}
        onClick={active && selectable ? onToggle : undefined}
        footer={item.status !== 'progress' ? <ItemStatusLine item={item} arrivedAt={arrivedAt} owner={owner} /> : lockNote}
      />
      {active && (
        <div className={`inv-card__actions inv-card__actions--${kind}`}>
          {kind === 'credit' ? (
            action('withdraw', t('inventory.actions.credit'), 'item-credit')
          ) : (
            <>
              {action('sell', t('inventory.actions.sell'), 'item-sell')}
              {kind === 'pack' ? action('unpack', t('inventory.actions.unpack'), 'item-unpack') : action('withdraw', t('inventory.actions.withdraw'), 'item-withdraw')}
              {kind === 'skin' && action('replace', t('inventory.actions.replace'), 'item-replace')}
              {kind === 'skin' &&
                (locked ? (
                  <button type="button" className="btn btn--secondary btn--xs" disabled title={t('inventory.saleLocked')} aria-describedby={lockId} data-testid="item-upgrade">
                    {t('inventory.actions.upgrade')}
                  </button>
                ) : (
                  <Link to={`${to('/upgrades')}?item=${item.id}`} className="btn btn--secondary btn--xs" data-testid="item-upgrade">
                    {t('inventory.actions.upgrade')}
                  </Link>
                ))}
            </>
          )}
        </div>
      )}
    </div>
  );
}
