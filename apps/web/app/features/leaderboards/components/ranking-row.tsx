import { Link } from 'react-router';
import { positionLabel, type LeaderboardType } from '@store/shared/leaderboards';
import { LevelBadge } from '#app/components/level-badge.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { RankingRowData } from '../api/get-ranking.ts';
import { ScoreValue } from './score-value.tsx';
import { TopDrop } from './top-drop.tsx';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * One line of the ranking (spec §3): place, avatar, name and level, what the player scored, and
 * the prize of the place. A place nobody holds yet says what it takes to enter, beside the prize
 * waiting there. Places 1 to 3 wear gold, silver and bronze.
 */
export function RankingRow({ row, type, mine, pinned }: { row: RankingRowData; type: LeaderboardType; mine?: boolean; pinned?: boolean }) {
  const t = useT();
  const to = useLocalePath();
  const medal = row.position >= 1 && row.position <= 3 ? ` top-row--place-${row.position}` : '';
  const prize = row.prize;
  return (
    <li
      className={`top-row${medal}${mine ? ' top-row--mine' : ''}${pinned ? ' top-row--pinned' : ''}${row.user ? '' : ' top-row--free'}`}
      data-testid={pinned ? 'top-me' : 'top-row'}
      data-position={row.position}
      data-mine={mine || pinned ? 'true' : undefined}
    >
      <span className="top-row__place" data-testid="top-row-place">
        {positionLabel(row.position)}
      </span>
      {row.user ? (
        <>
          <Link to={to(`/profile/${row.user.id}`)} className="top-row__avatar" data-testid="top-row-avatar">
            <Picture src={row.user.avatar} alt="" width={36} height={36} />
          </Link>
          <span className="top-row__who">
            <span className="top-row__name-line">
              <Link to={to(`/profile/${row.user.id}`)} className="top-row__name" data-testid="top-row-name">
                {row.user.name}
              </Link>
              <LevelBadge level={row.user.level} size="xs" />
              {(mine || pinned) && <span className="top-row__you">{t('top.you')}</span>}
            </span>
            <span className="top-row__score">
              <small>{t(`top.measure.${type}`)}</small>
              <ScoreValue type={type} value={row.score} testId="top-row-score" />
            </span>
          </span>
        </>
      ) : (
        <>
          <span className="top-row__avatar top-row__avatar--free" aria-hidden="true" />
          <span className="top-row__who">
            <span className="top-row__name top-row__name--free">{t('top.freePlace')}</span>
            {prize?.type === 'filler' && (
              <span className="top-row__score" data-testid="top-row-filler">
                <small>{t('top.toTake')}</small>
                <ScoreValue type={type} value={prize.remaining.amount} />
              </span>
            )}
          </span>
        </>
      )}
      <span className="top-row__prize">{prize?.drop && <TopDrop drop={prize.drop} dim={prize.type === 'filler'} testId="top-row-prize" />}</span>
    </li>
  );
}
