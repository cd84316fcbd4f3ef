import { ItemCard, type ItemView } from './item-card.tsx';
import { CardGridSkeleton } from './skeleton.tsx';
import { useT } from '#app/lib/use-t.ts';

/** A grid of the player's items to pick from, up to `max`; used by upgrades and contracts. */
export function ItemPicker<T extends ItemView & { id: number }>({
  items,
  selected,
  max,
  onToggle,
  loading,
  emptyText,
  testId = 'pick-item',
}: {
  items: T[] | undefined;
  selected: ReadonlySet<number>;
  max: number;
  onToggle: (item: T) => void;
  loading?: boolean;
  emptyText: string;
  testId?: string;
}) {
  const t = useT();
  if (!items || loading) return <CardGridSkeleton count={8} height={170} />;
  if (!items.length) return <p className="empty">{emptyText}</p>;
  return (
    <div className="item-grid item-grid--picker" aria-label={t('upgrade.pickItems', { n: max })}>
      {items.map((item) => (
        <ItemCard key={item.id} item={item} compact selected={selected.has(item.id)} onClick={() => onToggle(item)} testId={testId} />
      ))}
    </div>
  );
}
