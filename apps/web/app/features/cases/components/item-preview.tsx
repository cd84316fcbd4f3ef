import '#app/styles/overlays.css';
import type { CSSProperties } from 'react';
import { Dialog } from '#app/components/dialog.tsx';
import { Money } from '#app/components/money.tsx';
import type { DropData } from '../api/get-case.ts';
import { useFigure } from '#app/lib/use-figure.ts';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * The preview-items popup of spec §2: one item of the case's contents, large, with its name,
 * rarity, price and the chance the case gives it.
 */
export function ItemPreview({ drop, onClose }: { drop: DropData; onClose: () => void }) {
  const t = useT();
  const figure = useFigure();
  const style = { '--rarity': drop.rarityColor } as CSSProperties;
  return (
    <Dialog title={drop.weapon} onClose={onClose} testId="item-preview">
      <div className="item-preview" style={style}>
        <div className="item-preview__art">{drop.image ? <Picture src={drop.image} alt={drop.name} width={320} height={240} loading="eager" /> : null}</div>
        <p className="item-preview__name" data-testid="item-preview-name">
          {drop.skin ?? drop.name}
        </p>
        <dl className="item-preview__facts">
          <div>
            <dt>{t('overlays.preview.rarity')}</dt>
            <dd className="item-preview__rarity">{t(`overlays.preview.rarities.${drop.rarity}`, { defaultValue: drop.rarity })}</dd>
          </div>
          {drop.quality && (
            <div>
              <dt>{t('overlays.preview.quality')}</dt>
              <dd>
                {drop.stattrak && `${t('overlays.preview.stattrak')} `}
                {drop.quality}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('overlays.preview.price')}</dt>
            <dd>
              <Money value={drop.price} />
            </dd>
          </div>
          <div>
            <dt>{t('overlays.preview.chance')}</dt>
            <dd data-testid="item-preview-chance">{t('case.chance', { value: figure(drop.chance, 3) })}</dd>
          </div>
        </dl>
      </div>
    </Dialog>
  );
}
