import { useEffect } from 'react';
import { ItemCard } from '#app/components/item-card.tsx';
import { EventCoinIcon } from '#app/components/event-coin.tsx';
import { FairCheckLink } from '#app/components/fair-links.tsx';
import { LockIcon } from '#app/components/lock-icon.tsx';
import { Money } from '#app/components/money.tsx';
import { playSound } from '#app/lib/sound-engine.ts';
import { rarest } from '#app/lib/sound-voices.ts';
import type { OpeningData } from '../api/open-case.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * What the player won: sell it at once for balance, or keep it in the inventory. A free drop
 * before the first deposit (decision 058) is kept: the sale button is disabled and says why.
 */
export function OpenResult({
  opens,
  coins = 0,
  sold,
  selling,
  onSell,
  onAgain,
}: {
  opens: OpeningData[];
  /** Event coins the openings gave (shown only when some). */
  coins?: number;
  sold: boolean;
  selling: boolean;
  onSell: () => void;
  onAgain: () => void;
}) {
  const t = useT();
  const total = opens.reduce((s, o) => s + o.item.price, 0);
  const locked = opens.some((o) => o.item.saleLocked);
  // The result shows once the roulette has stopped (or was skipped): the win sounds with it, as rare as the best drop.
  const best = rarest(opens.map((o) => o.item.rarity));
  useEffect(() => playSound({ kind: 'win', rarity: best }), [best]);
  // Several results share a compact grid on a phone, so all of them and both actions fit the first screen.
  return (
    <div className={`open-result${opens.length > 1 ? ' open-result--multi' : ''}`} data-testid="open-result" data-count={opens.length}>
      <h2>{t('case.youWon')}</h2>
      {coins > 0 && (
        <p className="coins-gain" data-testid="coins-gain" data-value={coins}>
          <EventCoinIcon size={20} />
          {t('case.coinsGained', { count: coins })}
        </p>
      )}
      <div className="open-result__items">
        {opens.map((o) => (
          <ItemCard key={o.id} item={o.item} testId="won-item" footer={<FairCheckLink kind="case" id={o.id} />} />
        ))}
      </div>
      <div className="open-result__actions">
        {sold ? (
          <p className="sold-note" data-testid="sell-result">
            {t('case.soldFor')} <Money value={total} />
          </p>
        ) : locked ? (
          <>
            <button type="button" className="btn btn--quicksale btn--l" disabled aria-describedby="won-lock" data-testid="sell-won">
              {t('case.sellFor')} <Money value={total} />
            </button>
            <p className="open-result__lock" id="won-lock" data-testid="won-lock">
              <LockIcon size={12} />
              <span>{t('inventory.saleLocked')}</span>
            </p>
          </>
        ) : (
          <button type="button" className="btn btn--quicksale btn--l" onClick={onSell} disabled={selling} data-testid="sell-won">
            {t('case.sellFor')} <Money value={total} />
          </button>
        )}
        <button type="button" className="btn btn--secondary btn--l" onClick={onAgain} data-testid="open-again">
          {sold ? t('case.openAgain') : t('case.keep')}
        </button>
      </div>
    </div>
  );
}
