import type { CSSProperties, ReactNode } from 'react';
import { Money } from './money.tsx';
import { Picture } from './picture.tsx';

export interface ItemView {
  /** The player's item or the catalogue's (tests find a card by it). */
  id?: number | string;
  name: string;
  price: number;
  image: string;
  rarityColor: string;
  quality: string | null;
  stattrak: boolean;
}

/** One skin: rarity colour, art, weapon and skin name, wear, price. */
export function ItemCard({
  item,
  footer,
  selected,
  onClick,
  testId,
  compact,
  art,
}: {
  item: ItemView;
  footer?: ReactNode;
  selected?: boolean;
  onClick?: () => void;
  testId?: string;
  compact?: boolean;
  /** Art instead of the item's image (a pack, a balance credit: they have no skin picture). */
  art?: ReactNode;
}) {
  const [weapon, skin] = splitName(item.name);
  const style = { '--rarity': item.rarityColor } as CSSProperties;
  const className = `item-card${selected ? ' item-card--selected' : ''}${onClick ? ' item-card--clickable' : ''}${compact ? ' item-card--compact' : ''}`;
  const body = (
    <>
      <div className="item-card__tags">
        {item.stattrak && <span className="tag tag--st">ST™</span>}
        {item.quality && <span className="tag">{item.quality}</span>}
      </div>
      {art ?? (item.image ? <Picture className="item-card__img" src={item.image} alt="" width={128} height={96} /> : <span className="item-card__img item-card__img--none" aria-hidden="true" />)}
      <div className="item-card__name">
        <span className="item-card__weapon">{weapon}</span>
        {skin && <span className="item-card__skin">{skin}</span>}
      </div>
      <Money value={item.price} className="item-card__price" />
      {footer}
    </>
  );
  return onClick ? (
    <button type="button" className={className} style={style} onClick={onClick} aria-pressed={selected} data-testid={testId} data-id={item.id} data-price={item.price}>
      {body}
    </button>
  ) : (
    <div className={className} style={style} data-testid={testId} data-id={item.id} data-price={item.price}>
      {body}
    </div>
  );
}

/** "AK-47 | Redline" as its weapon and its skin (a name without a skin is all weapon). */
export function splitName(name: string): [string, string | null] {
  const at = name.indexOf(' | ');
  return at < 0 ? [name, null] : [name.slice(0, at), name.slice(at + 3)];
}
