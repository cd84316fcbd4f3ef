import { formatAmount } from '@store/shared/money';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import { usePromoUses } from '../api/get-player-records.ts';
import { useT } from '#app/lib/use-t.ts';

/** The promo codes the player used, with what each credited, and the code waiting for their next deposit. */
export function PlayerPromoUses({ playerId }: { playerId: number }) {
  const t = useT();
  const lang = useLang();
  const { data } = usePromoUses(playerId);
  return (
    <section className="console-card" data-testid="player-promo" aria-label={t('admin.records.tabs.promo')}>
      {!data ? (
        <p className="muted">{t('admin.records.loading')}</p>
      ) : (
        <>
          {data.pending && (
            <p className="console-note" data-testid="promo-pending">
              {t('admin.records.pending', { code: data.pending.code, at: formatDateTime(data.pending.appliedAt, lang) })}
            </p>
          )}
          {data.items.length === 0 ? (
            <p className="empty empty--small">{t('admin.records.noPromo')}</p>
          ) : (
            <div className="console-table-wrap">
              <table className="console-table">
                <thead>
                  <tr>
                    <th>{t('admin.ledger.when')}</th>
                    <th>{t('admin.records.code')}</th>
                    <th className="num">{t('admin.records.credited')}</th>
                    <th>{t('admin.records.order')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((u) => (
                    <tr key={u.id} data-testid="promo-use">
                      <td>{formatDateTime(u.at, lang)}</td>
                      <td>
                        <code>{u.code}</code>
                      </td>
                      <td className="num">{formatAmount(u.credited, { locale: lang })}</td>
                      <td className="console-table__wrap">{u.orderId ? <code>{u.orderId}</code> : t('admin.records.instant')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
