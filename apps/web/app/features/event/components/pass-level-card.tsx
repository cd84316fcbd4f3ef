import type { PassLevelState } from '@store/shared/battle-pass';
import { Coins } from '#app/components/event-coin.tsx';
import type { PassLevelData } from '../api/get-battle-pass.ts';
import { LockIcon } from '#app/components/lock-icon.tsx';
import { PassReward } from './pass-reward.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * One level of the pass (spec §4 level states): locked (the coins it is reached at), current
 * (being worked towards), done (its reward waits: the claim button) or received. Rare levels and
 * the ultra one have their own look and icon.
 */
export function PassLevelCard({
  level,
  state,
  icons,
  claiming,
  canClaim,
  onClaim,
}: {
  level: PassLevelData;
  state: PassLevelState;
  icons: { rare: string; ultra: string };
  claiming: boolean;
  /** A guest sees the rewards but claims nothing. */
  canClaim: boolean;
  onClaim: () => void;
}) {
  const t = useT();
  const reward = { coins: level.balanceData.coins, money: level.balanceData.money, cases: level.caseData };
  return (
    <article
      className={`pass-level pass-level--${level.type} pass-level--${state}`}
      data-testid="pass-level"
      data-level={level.level}
      data-state={state}
      data-type={level.type}
    >
      <header className="pass-level__head">
        <span className="pass-level__number">{t('event.level', { level: level.level })}</span>
        {level.type !== 'classic' && (
          <span className="pass-level__badge" title={t(`event.type.${level.type}`)}>
            <img src={level.type === 'ultra' ? icons.ultra : icons.rare} alt="" width={18} height={18} draggable={false} />
            {t(`event.type.${level.type}`)}
          </span>
        )}
      </header>
      <div className="pass-level__reward">
        <PassReward reward={reward} lazy />
      </div>
      <footer className="pass-level__foot">
        {state === 'locked' && (
          <span className="pass-level__need" data-testid="pass-level-need" title={t('event.reachedAt')}>
            <LockIcon />
            <Coins value={level.threshold} />
          </span>
        )}
        {state === 'current' && <span className="pass-level__need pass-level__need--current">{t('event.inProgress')}</span>}
        {state === 'done' &&
          (canClaim ? (
            <button
              type="button"
              className="btn btn--event btn--s pass-level__claim"
              onClick={onClaim}
              disabled={claiming}
              aria-busy={claiming}
              data-testid="pass-claim"
            >
              {claiming ? t('event.claiming') : t('event.claim')}
            </button>
          ) : (
            <span className="pass-level__need">{t('event.reached')}</span>
          ))}
        {state === 'received' && (
          <span className="pass-level__received" data-testid="pass-received">
            ✓ {t('event.received')}
          </span>
        )}
      </footer>
    </article>
  );
}
