import { useEffect, useState, type CSSProperties } from 'react';
import { unpackDurationMs } from '@store/shared/withdrawals';
import { Dialog } from '#app/components/dialog.tsx';
import { ItemCard } from '#app/components/item-card.tsx';
import { holdReveals } from '#app/lib/reveal-hold.ts';
import type { InventoryItemData } from '../api/get-inventory.ts';
import type { OpenPackData } from '../api/open-pack.ts';
import { PackArt } from './item-art.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * The unpack animation (spec §9): the pack shakes while the request is out, then opens and its
 * skins fly in one after another over 2 s (up to seven) or 4 s. `onDone` runs when the animation
 * ends: only then does the inventory show the new items (no outcome before its animation).
 */
export function PackOpening({ pack, result, onDone, onClose }: { pack: InventoryItemData; result: OpenPackData | null; onDone: () => void; onClose: () => void }) {
  const t = useT();
  const [done, setDone] = useState(false);
  const count = result?.items.length ?? 0;
  const duration = unpackDurationMs(count);

  useEffect(() => {
    if (!result) return;
    // News that would give the outcome away elsewhere waits for the animation (lib/reveal-hold.ts).
    const release = holdReveals();
    const timer = setTimeout(() => {
      setDone(true);
      release();
      onDone();
    }, duration);
    return () => {
      clearTimeout(timer);
      release();
    };
    // onDone is the page's and may change identity; the animation runs once per result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, duration]);

  const state = !result ? 'opening' : done ? 'done' : 'playing';
  const step = count ? duration / count : 0;
  return (
    <Dialog title={t('pack.title', { name: pack.name })} onClose={done ? onClose : () => undefined} testId="unpack-dialog">
      <div className={`unpack unpack--${state}`} data-testid="unpack" data-state={state} data-duration={duration} style={{ '--unpack-ms': `${duration}ms` } as CSSProperties}>
        <div className="unpack__pack">
          <PackArt items={pack.packItems} />
        </div>
        {result && (
          <div className="unpack__items">
            {result.items.map((item, i) => (
              <div key={item.id} className="unpack__item" style={{ animationDelay: `${Math.round(i * step)}ms`, animationDuration: `${Math.round(Math.min(600, step * 1.5))}ms` }}>
                <ItemCard item={item} compact testId="unpacked-item" />
              </div>
            ))}
          </div>
        )}
        <p className="unpack__caption muted">{state === 'done' ? t('pack.got', { count }) : t('pack.opening')}</p>
        {done && (
          <button type="button" className="btn btn--accent btn--m unpack__close" onClick={onClose} data-testid="unpack-close">
            {t('pack.toInventory')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
