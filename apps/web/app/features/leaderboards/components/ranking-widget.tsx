import { useState } from 'react';
import type { RankingData } from '../api/get-ranking.ts';
import { rankingRows } from '../utils/leaderboard-view.ts';
import { RankingRow } from './ranking-row.tsx';
import { ScoreValue } from './score-value.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * The ranking of the active board: its prize places, five collapsed and all expanded, and the
 * current player always on screen: highlighted in the list, or pinned above it with what it
 * takes to reach the prizes.
 */
export function RankingWidget({ ranking }: { ranking: RankingData }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const view = rankingRows(ranking.leaders, ranking.me, expanded);
  const toPrizes = view.pinned && !view.pinned.prize && view.pinned.remaining.amount > 0 ? view.pinned.remaining.amount : null;
  return (
    <section className="top-ranking" data-testid="top-ranking" data-id={ranking.leaderboardId}>
      <h2>{t('top.ranking')}</h2>
      {view.pinned && (
        <div className="top-ranking__me">
          <ol className="top-rows">
            <RankingRow row={view.pinned} type={ranking.type} pinned />
          </ol>
          {toPrizes !== null && (
            <p className="top-ranking__to-prizes" data-testid="top-me-remaining">
              <span>{t('top.toPrizes')}</span>
              <ScoreValue type={ranking.type} value={toPrizes} />
            </p>
          )}
        </div>
      )}
      {view.rows.length ? (
        <ol className="top-rows" data-testid="top-rows">
          {view.rows.map((row) => (
            <RankingRow key={row.position} row={row} type={ranking.type} mine={view.mine === row.position} />
          ))}
        </ol>
      ) : (
        <p className="muted">{t('top.noRanking')}</p>
      )}
      {view.expandable && (
        <button type="button" className="btn btn--secondary btn--m top-ranking__toggle" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded} data-testid="top-expand">
          {expanded ? t('top.collapse') : t('top.showAll')}
        </button>
      )}
    </section>
  );
}
