import { useEffect } from 'react';
import { formatAmount } from '@store/shared/money';
import { useLang } from '#app/lib/use-lang.ts';
import { FairCheckLink } from '#app/components/fair-links.tsx';
import { ItemCard } from '#app/components/item-card.tsx';
import { playSound } from '#app/lib/sound-engine.ts';
import type { UpgradeResultData } from '../api/upgrade-items.ts';
import { useT } from '#app/lib/use-t.ts';

/** The result after the wheel stops: the new item, or the loss and its consolation coins. */
export function UpgradeOutcome({ result, onAgain }: { result: UpgradeResultData; onAgain: () => void }) {
  const t = useT();
  const lang = useLang();
  // Shown once the wheel has stopped: the win or the loss sounds with it.
  useEffect(() => playSound({ kind: result.success ? 'upgrade-win' : 'upgrade-loss' }), [result.id, result.success]);
  return (
    <div className={`upgrade-outcome upgrade-outcome--${result.success ? 'won' : 'lost'}`} data-testid="upgrade-result" data-success={result.success}>
      <h2>{result.success ? t('upgrade.won') : t('upgrade.lost')}</h2>
      {result.winPrize && <ItemCard item={result.winPrize} testId="upgrade-prize" />}
      {!result.success && result.coinsPrize > 0 && <p className="muted">{t('upgrade.coins', { count: result.coinsPrize, amount: formatAmount(result.coinsPrize, { locale: lang }) })}</p>}
      <p className="muted fair-line">
        #{result.roll} · {result.rollData.serverSeedHash.slice(0, 12)}… · nonce {result.rollData.nonce}
      </p>
      <FairCheckLink kind="upgrade" id={result.id} />
      <button type="button" className="btn btn--secondary btn--l" onClick={onAgain} data-testid="upgrade-again">
        {t('upgrade.again')}
      </button>
    </div>
  );
}
