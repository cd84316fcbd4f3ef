import { Link } from 'react-router';
import type { PricesData } from '../api/prices.ts';
import { useCaseBandAction } from '../api/price-actions.ts';
import { caseNameIn, formatMoney } from '../utils/case-format.ts';
import { formatRtp } from '../utils/dashboard-period.ts';
import { formatDrift } from '../utils/prices-view.ts';
import { ApiError } from '#app/lib/api.ts';
import type { Lang } from '#app/lib/lang.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The cases the last run found outside the band: their return now, the drift since their odds
 * version was written, the proposed version's return and what the simulator observed, and (for an
 * admin) the two ways out: publish the proposal as a new odds version, or take the case off sale.
 */
export function CasesOutOfBand({ cases, lang, canChange, onActed }: { cases: PricesData['cases']; lang: Lang; canChange: boolean; onActed: (done: 'publish' | 'off-sale', error: string | null) => void }) {
  const t = useT();
  const to = useLocalePath();
  const act = useCaseBandAction();
  if (cases.length === 0) return <p className="empty" data-testid="prices-cases-empty">{t('admin.prices.cases.empty')}</p>;
  const run = (a: Parameters<typeof act.mutate>[0]) =>
    act.mutate(a, {
      onSuccess: () => onActed(a.action, null),
      onError: (e) => onActed(a.action, e instanceof ApiError ? e.message : t('error.title')),
    });
  return (
    <div className="console-table-wrap">
      <table className="console-table" data-testid="prices-cases">
        <thead>
          <tr>
            <th>{t('admin.prices.cases.case')}</th>
            <th className="num">{t('admin.prices.cases.rtp')}</th>
            <th className="num">{t('admin.prices.cases.drift')}</th>
            <th className="num">{t('admin.prices.cases.proposed')}</th>
            <th className="num">{t('admin.prices.cases.simulated')}</th>
            {canChange && <th>{t('admin.prices.cases.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {cases.map((c) => (
            <tr key={c.caseId} data-testid="prices-case" data-case={c.slug}>
              <td className="console-table__wrap">
                <Link className="console-link" to={to(`/admin/cases/${c.caseId}`)}>
                  {caseNameIn(lang)(c)}
                </Link>
                <div className="muted">
                  {formatMoney(c.price, lang)} · {t('admin.prices.cases.version', { id: c.oddsId })}
                </div>
              </td>
              <td className={`num prices-standing--${c.standing}`}>
                {formatRtp(c.rtp, lang)}
                <div className="muted">{t(`admin.prices.cases.${c.standing}`)}</div>
              </td>
              <td className="num">{formatDrift(c.drift, lang)}</td>
              <td className="num" data-testid="prices-case-proposed">
                {c.proposal ? formatRtp(c.proposal.rtp, lang) : t('admin.prices.cases.noProposal')}
              </td>
              <td className="num">
                {c.proposal ? (
                  <>
                    {formatRtp(c.proposal.simulatedRtp, lang)}
                    <div className="muted">{t('admin.prices.cases.openings', { count: c.proposal.openings, error: formatRtp(c.proposal.standardError, lang) })}</div>
                  </>
                ) : (
                  '—'
                )}
              </td>
              {canChange && (
                <td>
                  <div className="prices-actions">
                    {c.proposal && (
                      <button
                        type="button"
                        className="btn btn--primary btn--s"
                        disabled={act.isPending}
                        onClick={() => run({ caseId: c.caseId, action: 'publish', oddsId: c.oddsId })}
                        data-testid="prices-case-publish"
                      >
                        {t('admin.prices.cases.publish')}
                      </button>
                    )}
                    <button type="button" className="btn btn--danger btn--s" disabled={act.isPending} onClick={() => run({ caseId: c.caseId, action: 'off-sale' })} data-testid="prices-case-off-sale">
                      {t('admin.prices.cases.offSale')}
                    </button>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
