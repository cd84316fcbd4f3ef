import { CoinIcon } from '#app/components/money.tsx';
import type { PackItem } from '@store/shared/api/inventory';
import type { Camel } from '#app/lib/api.ts';
import { Picture } from '#app/components/picture.tsx';

/** A pack's art: its first skins fanned out of a box (packs have no picture of their own). */
export function PackArt({ items }: { items: Camel<PackItem>[] | null }) {
  const shown = (items ?? []).slice(0, 3);
  return (
    <span className="item-card__img pack-art" aria-hidden="true">
      {shown.map((i, n) => (
        <Picture key={`${i.itemId}-${n}`} src={i.image} alt="" width={72} height={54} className={`pack-art__skin pack-art__skin--${n}`} />
      ))}
      <span className="pack-art__box" />
    </span>
  );
}

/** A balance credit's art: the site coin. */
export function CreditArt() {
  return (
    <span className="item-card__img credit-art" aria-hidden="true">
      <CoinIcon size={58} />
    </span>
  );
}
