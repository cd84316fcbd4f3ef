import { Dialog } from '#app/components/dialog.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { LeaderboardData } from '../api/get-active-leaderboards.ts';
import { PrizeAmount } from './prize-amount.tsx';
import { TopImage } from './top-image.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * A board's info popup (spec §3): art, title, prize total and places, its description, how to
 * take part in three steps, and the FAQ, opened in a new tab so the board stays where it was.
 */
export function LeaderboardInfoDialog({ board, onClose }: { board: LeaderboardData; onClose: () => void }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <Dialog title={board.title} onClose={onClose} testId="top-info-dialog">
      <div className="stack top-info">
        <TopImage src={board.image} className="top-info__img" width={120} height={120} />
        <dl className="top-info__facts">
          <div>
            <dt>{t('top.prizeFund')}</dt>
            <dd>
              <PrizeAmount amount={board.prizesAmount} currency={board.currency} />
            </dd>
          </div>
          <div>
            <dt>{t('top.prizesCount')}</dt>
            <dd data-testid="top-info-count">{board.prizesCount}</dd>
          </div>
        </dl>
        {board.description && <p className="top-info__description">{board.description}</p>}
        <div>
          <h3>{t('top.howTitle')}</h3>
          <ol className="top-info__steps" data-testid="top-info-steps">
            <li>{t('top.how1')}</li>
            <li>{t(`top.how2.${board.type}`)}</li>
            <li>{t('top.how3')}</li>
          </ol>
        </div>
        <p className="muted top-info__faq">
          {t('top.faqBefore')}
          <a href={to('/faq')} target="_blank" rel="noopener" data-testid="top-faq">
            {t('top.faqLink')}
          </a>
          {t('top.faqAfter')}
        </p>
      </div>
    </Dialog>
  );
}
