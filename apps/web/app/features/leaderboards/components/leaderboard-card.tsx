import { positionLabel } from '@store/shared/leaderboards';
import type { LeaderboardData } from '../api/get-active-leaderboards.ts';
import { LeaderboardTimer } from './leaderboard-timer.tsx';
import { PrizeAmount } from './prize-amount.tsx';
import { TopImage } from './top-image.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * One board of the carousel: its art, title, prize fund, timer and the player's place. Clicking
 * it makes it the active board; the "i" button beside opens its info popup.
 */
export function LeaderboardCard({
  board,
  active,
  now,
  arrivedAt,
  onSelect,
  onInfo,
}: {
  board: LeaderboardData;
  active: boolean;
  now: number;
  /** When the answer holding this card arrived: its timer counts from then. */
  arrivedAt: number;
  onSelect: () => void;
  onInfo: () => void;
}) {
  const t = useT();
  return (
    <article className={`top-card${active ? ' top-card--active' : ''}`} data-testid="top-card" data-id={board.id} data-active={active} data-status={board.status}>
      <button type="button" className="top-card__select" onClick={onSelect} aria-pressed={active}>
        <TopImage src={board.image} className="top-card__img" width={96} height={96} />
        <span className="top-card__body">
          <span className="top-card__title" data-testid="top-card-title">
            {board.title}
          </span>
          <span className="top-card__fund">
            <small>{t('top.prizeFund')}</small>
            <PrizeAmount amount={board.prizesAmount} currency={board.currency} />
          </span>
        </span>
        <LeaderboardTimer dates={board.dates} endsIn={board.endsIn} arrivedAt={arrivedAt} status={board.status} now={now} />
        <span className="top-card__place">
          <small>{t('top.myPlace')}</small>
          <b data-testid="top-card-position">{positionLabel(board.myPosition)}</b>
        </span>
      </button>
      <button type="button" className="top-card__info" onClick={onInfo} aria-label={t('top.info')} title={t('top.info')} data-testid="top-info">
        i
      </button>
    </article>
  );
}
