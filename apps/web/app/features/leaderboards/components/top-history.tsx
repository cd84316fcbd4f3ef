import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endedRange } from '@store/shared/leaderboards';
import { LevelBadge } from '#app/components/level-badge.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { TopHistoryData } from '../api/get-top-history.ts';
import { PrizeAmount } from './prize-amount.tsx';
import { TopDrop } from './top-drop.tsx';
import { Picture } from '#app/components/picture.tsx';

/** Winners shown per past board: the podium. */
const PODIUM = 3;

/**
 * The past boards, briefly: each one's title and period, its first three winners with their
 * prizes, and the player's own place and prize when they won one.
 */
export function TopHistory({ history }: { history: TopHistoryData }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <section className="top-history" data-testid="top-history">
      <h2>{t('top.history')}</h2>
      {history.items.length === 0 && <p className="muted">{t('top.historyEmpty')}</p>}
      {history.items.map((entry) => (
        <article key={entry.id} className="top-history__entry" data-testid="top-history-entry" data-id={entry.id}>
          <header className="top-history__head">
            <b>{entry.title}</b>
            <span className="muted">{endedRange(entry.dates.start, entry.dates.end)}</span>
            <PrizeAmount amount={entry.prizesAmount} currency={entry.currency} />
          </header>
          <ol className="top-history__winners">
            {entry.winners.slice(0, PODIUM).map((w) => (
              <li key={w.position} className={`top-history__winner top-row--place-${w.position}`}>
                <span className="top-row__place">{w.position}</span>
                <Link to={to(`/profile/${w.user.id}`)} className="top-history__who">
                  <Picture src={w.user.avatar} alt="" width={28} height={28} />
                  <span className="top-history__name">{w.user.name}</span>
                  <LevelBadge level={w.user.level} size="xs" />
                </Link>
                <TopDrop drop={{ ...w.prize, price: w.prize.price.amount }} />
              </li>
            ))}
          </ol>
          {entry.mine && (
            <p className="top-history__mine" data-testid="top-history-mine">
              <b>{t('top.yourPlace', { place: entry.mine.place })}</b>
              <TopDrop drop={entry.mine.drop} />
            </p>
          )}
        </article>
      ))}
    </section>
  );
}
