import { useEffect, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { LevelBadge } from '#app/components/level-badge.tsx';
import { Money } from '#app/components/money.tsx';
import { formatCountdown } from '@store/shared/format/countdown';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useSecondsLeft } from '#app/lib/use-seconds-left.ts';
import type { DailyCaseData } from '../api/get-daily-cases.ts';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

export type DailyCardState = 'ready' | 'cooldown' | 'level' | 'deposit' | 'off';

/** What a card shows: the lock first (level, the deposit rule, the operator's switch), then its timer. */
export function dailyCardState(c: Pick<DailyCaseData, 'locked' | 'lockReason'>, secondsLeft: number): DailyCardState {
  if (c.locked || c.lockReason) return c.lockReason === 'deposit' ? 'deposit' : c.lockReason === 'flag' ? 'off' : 'level';
  return secondsLeft > 0 ? 'cooldown' : 'ready';
}

/**
 * One level case of the ladder: its level, art and worth, and what the player can do with it now:
 * open it, wait for its countdown, reach its level, or top up for the deposit rule.
 */
export function DailyCaseCard({
  item,
  arrivedAt,
  depositDays,
  onExpire,
  onSignIn,
}: {
  item: DailyCaseData;
  arrivedAt: number;
  depositDays: number;
  onExpire: () => void;
  /** For guests: the first case is theirs as soon as they sign in. */
  onSignIn?: () => void;
}) {
  const t = useT();
  const to = useLocalePath();
  const left = useSecondsLeft(item.locked ? 0 : item.readyIn, arrivedAt);
  const state = dailyCardState(item, left);
  // The wait just ran out here: ask the server, which decides.
  const expired = !item.locked && item.readyIn > 0 && left === 0;
  useEffect(() => {
    if (expired) onExpire();
  }, [expired, onExpire]);

  return (
    <article className={`daily-card daily-card--${state}`} style={{ '--case-color': item.color } as CSSProperties} data-testid="daily-case" data-slug={item.slug} data-state={state}>
      <LevelBadge level={item.level} size="m" className="daily-card__level" />
      <Picture className="daily-card__img" src={item.image} alt="" width={140} height={140} />
      <b className="daily-card__name">{item.name}</b>
      <span className="daily-card__worth">
        <s>
          <Money value={item.priceData.oldPrice} />
        </s>
        <span className="daily-card__free">{t('daily.free')}</span>
      </span>
      <div className="daily-card__action">
        {state === 'ready' && (
          <Link to={to(`/open/${item.slug}`)} className="btn btn--accent btn--m" data-testid="daily-open">
            {t('daily.open')}
          </Link>
        )}
        {state === 'cooldown' && (
          <span className="daily-card__timer">
            <small>{t('daily.againIn')}</small>
            <time data-testid="daily-countdown" data-seconds={left}>
              {formatCountdown(left)}
            </time>
          </span>
        )}
        {state === 'level' && onSignIn && item.level <= 1 && (
          <button type="button" className="btn btn--secondary btn--s" onClick={onSignIn} data-testid="daily-card-sign-in">
            {t('case.signInToOpen')}
          </button>
        )}
        {state === 'level' && !(onSignIn && item.level <= 1) && (
          <span className="daily-card__lock">
            <LockIcon />
            {t('daily.unlocksAt', { n: item.level })}
          </span>
        )}
        {state === 'deposit' && (
          <>
            <span className="daily-card__lock">{t('daily.needsDeposit', { count: depositDays })}</span>
            <Link to={to('/refill')} className="btn btn--secondary btn--s" data-testid="daily-top-up">
              {t('header.topUp')}
            </Link>
          </>
        )}
        {state === 'off' && <span className="daily-card__lock">{t('daily.unavailable')}</span>}
      </div>
    </article>
  );
}

function LockIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1h1zm2 0h6V7a3 3 0 0 0-6 0v3z" fill="currentColor" />
    </svg>
  );
}
