import type { CSSProperties } from 'react';
import { Money } from '#app/components/money.tsx';
import { TopImage } from './top-image.tsx';

/** A prize item in a line: its art on its rarity's colour, its name and its price. */
export function TopDrop({ drop, dim, testId }: { drop: { name: string; image: string; rarityColor: string; price: number }; dim?: boolean; testId?: string }) {
  return (
    <span className={`top-drop${dim ? ' top-drop--dim' : ''}`} style={{ '--rarity': drop.rarityColor } as CSSProperties} data-testid={testId}>
      <TopImage src={drop.image} className="top-drop__img" width={56} height={42} />
      <span className="top-drop__text">
        <span className="top-drop__name" title={drop.name}>
          {drop.name}
        </span>
        <Money value={drop.price} className="top-drop__price" />
      </span>
    </span>
  );
}
