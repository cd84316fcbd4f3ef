import { Link } from 'react-router';
import { endedRange } from '@store/shared/leaderboards';
import { LevelBadge } from '#app/components/level-badge.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { PODIUM, type TopHistoryData } from '../api/get-top-history.ts';
import { historyBoards } from '../utils/leaderboard-view.ts';
import { PrizeAmount } from './prize-amount.tsx';
import { TopDrop } from './top-drop.tsx';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * The past boards, briefly: each one's title and period, its first three winners with their
 * prizes, and the player's own place and prize when they won one.
 */
export function TopHistory({ history }: { history: TopHistoryData }) {
  const t = useT();
  const to = useLocalePath();
  const boards = historyBoards(history.podium, history.mine);
  return (
    <section className="top-history" data-testid="top-history">
      <h2>{t('top.history')}</h2>
      {boards.length === 0 && <p className="muted">{t('top.historyEmpty')}</p>}
      {boards.map(({ id, head, podium, mine }) => (
        <article key={id} className="top-history__entry" data-testid="top-history-entry" data-id={id}>
          <header className="top-history__head">
            <b>{head.title}</b>
            <span className="muted">{endedRange(head.dates.start, head.dates.end)}</span>
            <PrizeAmount amount={head.prizesAmount} currency={head.currency} />
          </header>
          <ol className="top-history__winners">
            {podium.slice(0, PODIUM).map((w) => (
              <li key={w.prize.position} className={`top-history__winner top-row--place-${w.prize.position}`}>
                <span className="top-row__place">{w.prize.position}</span>
                <Link to={to(`/profile/${w.user.id}`)} className="top-history__who">
                  <Picture src={w.user.avatar} alt="" width={28} height={28} />
                  <span className="top-history__name">{w.user.name}</span>
                  <LevelBadge level={w.user.level} size="xs" />
                </Link>
                <TopDrop drop={{ ...w.prize, price: w.prize.price.amount }} />
              </li>
            ))}
          </ol>
          {mine.map((own) => (
            <p key={own.prize.position} className="top-history__mine" data-testid="top-history-mine">
              <b>{t('top.yourPlace', { place: own.prize.position })}</b>
              <TopDrop drop={{ ...own.prize, price: own.prize.price.amount }} />
            </p>
          ))}
        </article>
      ))}
    </section>
  );
}
