import { useState } from 'react';
import { formatAmount } from '@store/shared/money';
import { Pager } from '#app/components/pager.tsx';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import { RECORDS_PER_PAGE, usePlayerPages, type PlayerItemsData } from '../api/get-player-records.ts';
import { pageCount } from '../utils/audit-filter.ts';
import { useT } from '#app/lib/use-t.ts';

/** Every item the player ever had: what it is worth, where it came from, what became of it and each withdrawal's fate. */
export function PlayerItems({ playerId }: { playerId: number }) {
  const t = useT();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const { data } = usePlayerPages<PlayerItemsData>(playerId, 'items', page);
  return (
    <section className="console-card" data-testid="player-items" aria-label={t('admin.records.tabs.items')}>
      {!data ? (
        <p className="muted">{t('admin.records.loading')}</p>
      ) : data.items.length === 0 ? (
        <p className="empty empty--small">{t('admin.records.noItems')}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <thead>
              <tr>
                <th>{t('admin.records.item')}</th>
                <th className="num">{t('admin.records.price')}</th>
                <th>{t('admin.records.status')}</th>
                <th>{t('admin.records.source')}</th>
                <th>{t('admin.records.withdrawals')}</th>
                <th>{t('admin.records.changed')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((i) => (
                <tr key={i.id} data-testid="player-item" data-status={i.status}>
                  <td className="console-table__wrap">
                    {i.name} <span className="muted">#{i.id}</span>
                  </td>
                  <td className="num">{formatAmount(i.price, { locale: lang })}</td>
                  <td>
                    <code>{i.status}</code>
                  </td>
                  <td className="console-table__wrap">
                    <code>{i.source}</code> <span className="muted">{i.sourceRef}</span>
                  </td>
                  <td className="console-table__wrap">
                    {i.withdrawals.length === 0
                      ? '—'
                      : i.withdrawals.map((w) => (
                          <div key={w.id}>
                            <code>{w.state}</code>
                            {w.reason && <span className="muted"> {w.reason}</span>}
                            <span className="muted"> · {t('admin.records.attempts', { count: w.attempts })}</span>
                          </div>
                        ))}
                  </td>
                  <td>{formatDateTime(i.updatedAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager page={page} pages={pageCount(data.total, RECORDS_PER_PAGE)} onPage={setPage} label={t('admin.records.tabs.items')} />}
    </section>
  );
}
