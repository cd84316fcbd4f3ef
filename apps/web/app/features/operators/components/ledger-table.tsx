import { useState } from 'react';
import { formatAmount } from '@store/shared/money';
import { Pager } from '#app/components/pager.tsx';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import { LEDGER_PER_PAGE, usePlayerLedger, type LedgerData } from '../api/get-player-ledger.ts';
import { pageCount } from '../utils/audit-filter.ts';
import { useT } from '#app/lib/use-t.ts';

/** What an operator's row says in its meta: their reason, shown beside the ledger's own reason code. */
const operatorReason = (meta: unknown): string | null =>
  meta !== null && typeof meta === 'object' && typeof (meta as { reason?: unknown }).reason === 'string' ? (meta as { reason: string }).reason : null;

/** The player's ledger, newest first, a page at a time, with the balance after each row and what moved the money. */
export function LedgerTable({ playerId, first }: { playerId: number; first: LedgerData }) {
  const t = useT();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const { data = first } = usePlayerLedger(playerId, page, first);
  return (
    <section className="console-card" data-testid="ledger" aria-label={t('admin.ledger.title')}>
      <h2>{t('admin.ledger.title')}</h2>
      {data.items.length === 0 ? (
        <p className="empty empty--small">{t('admin.ledger.empty')}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <thead>
              <tr>
                <th>{t('admin.ledger.when')}</th>
                <th>{t('admin.ledger.wallet')}</th>
                <th className="num">{t('admin.ledger.delta')}</th>
                <th className="num">{t('admin.ledger.balance')}</th>
                <th>{t('admin.ledger.reason')}</th>
                <th>{t('admin.ledger.ref')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((row) => {
                const said = operatorReason(row.meta);
                return (
                  <tr key={row.id} data-testid="ledger-row">
                    <td>{formatDateTime(row.createdAt, lang)}</td>
                    <td>{row.currency}</td>
                    <td className={row.delta < 0 ? 'num loss' : 'num win'}>
                      {row.delta > 0 ? '+' : ''}
                      {formatAmount(row.delta, { locale: lang })}
                    </td>
                    <td className="num">{formatAmount(row.balanceAfter, { locale: lang })}</td>
                    <td className="console-table__wrap">
                      <code>{row.reason}</code>
                      {said && <span className="muted"> — {said}</span>}
                    </td>
                    <td className="console-table__wrap">
                      <code>{row.ref}</code>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={pageCount(data.total, LEDGER_PER_PAGE)} onPage={setPage} label={t('admin.ledger.label')} nextTestId="ledger-next" />
    </section>
  );
}
