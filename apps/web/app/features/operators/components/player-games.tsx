import { useState } from 'react';
import { formatAmount } from '@store/shared/money';
import { Pager } from '#app/components/pager.tsx';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import { RECORDS_PER_PAGE, usePlayerPages, type PlayerGamesData } from '../api/get-player-records.ts';
import { pageCount } from '../utils/audit-filter.ts';
import { useT } from '#app/lib/use-t.ts';

/** The player's openings and games from the activity stream: what went in and what came back. */
export function PlayerGames({ playerId }: { playerId: number }) {
  const t = useT();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const { data } = usePlayerPages<PlayerGamesData>(playerId, 'games', page);
  return (
    <section className="console-card" data-testid="player-games" aria-label={t('admin.records.tabs.games')}>
      {!data ? (
        <p className="muted">{t('admin.records.loading')}</p>
      ) : data.items.length === 0 ? (
        <p className="empty empty--small">{t('admin.records.noGames')}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <thead>
              <tr>
                <th>{t('admin.ledger.when')}</th>
                <th>{t('admin.records.kind')}</th>
                <th className="num">{t('admin.records.stake')}</th>
                <th className="num">{t('admin.records.won')}</th>
                <th className="num">{t('admin.records.count')}</th>
                <th>{t('admin.ledger.ref')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((g) => (
                <tr key={g.id} data-testid="player-game" data-kind={g.kind}>
                  <td>{formatDateTime(g.at, lang)}</td>
                  <td>
                    <code>{g.kind}</code>
                  </td>
                  <td className="num">{formatAmount(g.amount, { locale: lang })}</td>
                  <td className={g.won > g.amount ? 'num win' : 'num'}>{formatAmount(g.won, { locale: lang })}</td>
                  <td className="num">{g.count}</td>
                  <td className="console-table__wrap">
                    <code>{g.ref}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager page={page} pages={pageCount(data.total, RECORDS_PER_PAGE)} onPage={setPage} label={t('admin.records.tabs.games')} />}
    </section>
  );
}
