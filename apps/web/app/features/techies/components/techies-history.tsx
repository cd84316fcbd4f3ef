import { useState } from 'react';
import { Money } from '#app/components/money.tsx';
import { Pager } from '#app/components/pager.tsx';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import { useTechiesHistory, type TechiesHistoryData } from '../api/get-techies-history.ts';
import { useFigure } from '#app/lib/use-figure.ts';
import { useT } from '#app/lib/use-t.ts';

/** The player's finished games, newest first. */
export function TechiesHistory({ initial }: { initial: TechiesHistoryData }) {
  const t = useT();
  const figure = useFigure();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const history = useTechiesHistory(page, initial).data ?? initial;
  const pages = Math.max(1, Math.ceil(history.total / history.perPage));
  return (
    <section className="techies-history" data-testid="techies-history">
      <h2>{t('techies.history.title')}</h2>
      {history.items.length === 0 ? (
        <p className="empty">{t('techies.history.empty')}</p>
      ) : (
        <>
          <div className="techies-history__row techies-history__row--head" aria-hidden="true">
            <span>{t('techies.history.date')}</span>
            <span>{t('techies.history.stake')}</span>
            <span>{t('techies.history.mines')}</span>
            <span>{t('techies.history.multiplier')}</span>
            <span>{t('techies.history.payout')}</span>
          </div>
          <ul className="techies-history__list">
            {history.items.map((g) => {
              const won = g.state === 'cashed';
              return (
                <li
                  key={g.id}
                  className={`techies-history__row ${won ? 'is-win' : 'is-loss'}`}
                  data-testid="techies-history-row"
                  data-game={g.id}
                  data-outcome={won ? 'won' : 'lost'}
                >
                  <span className="techies-history__date muted">{formatDateTime(g.finishedAt ?? g.createdAt, lang)}</span>
                  <Money value={g.stake} />
                  <span className="techies-history__mines">
                    <span className="techies-history__label">{t('techies.history.mines')}: </span>
                    {g.minesCount}
                  </span>
                  <span className="techies-history__times">{won ? `×${figure(g.multiplier, 2)}` : '—'}</span>
                  <Money value={g.payout ?? 0} className={won ? 'win' : 'loss'} />
                </li>
              );
            })}
          </ul>
          <Pager page={page} pages={pages} onPage={setPage} label={t('techies.history.title')} />
        </>
      )}
    </section>
  );
}
