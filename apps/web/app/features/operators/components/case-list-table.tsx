import { Link } from 'react-router';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import type { CaseSummary } from '../api/case-list.ts';
import { caseStanding, formatMoney, formatTickets } from '../utils/case-format.ts';
import { percentOf, rtpStanding } from '../utils/odds-editor.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * Every case, hidden ones too: its name in the operator's language, section, price, the return to
 * player of its current table at today's prices (marked outside the guard range), its openings and
 * whether a player can open it now.
 */
export function CaseListTable({ cases, name }: { cases: CaseSummary[]; name: (c: CaseSummary) => string }) {
  const t = useT();
  const lang = useLang();
  const to = useLocalePath();
  return (
    <section className="console-card" data-testid="case-list" aria-label={t('admin.cases.title')}>
      <div className="console-table-wrap">
        <table className="console-table">
          <thead>
            <tr>
              <th>{t('admin.cases.list.name')}</th>
              <th>{t('admin.cases.list.section')}</th>
              <th className="num">{t('admin.cases.list.price')}</th>
              <th className="num">{t('admin.cases.list.rtp')}</th>
              <th className="num">{t('admin.cases.list.opens')}</th>
              <th>{t('admin.cases.list.state')}</th>
            </tr>
          </thead>
          <tbody>
            {cases.map((c) => {
              const standing = caseStanding(c);
              const guarded = c.currency === 'GOLD' && !c.daily;
              return (
                <tr key={c.id} data-testid="case-row" data-slug={c.slug}>
                  <td className="console-table__wrap">
                    <Link to={to(`/admin/cases/${c.id}`)} className="console-link" data-testid="case-link">
                      {name(c)}
                    </Link>
                    <br />
                    <code>{c.slug}</code>
                  </td>
                  <td>{c.section.slug}</td>
                  <td className="num">
                    {formatMoney(c.price, lang)} {c.currency === 'GOLD' ? '' : <small className="muted">{c.currency}</small>}
                  </td>
                  <td className={`num${guarded && c.rtp !== null && rtpStanding(c.rtp) !== 'ok' ? ' loss' : ''}`} data-testid="case-rtp">
                    {c.rtp === null ? '—' : percentOf(c.rtp, lang)}
                  </td>
                  <td className="num">{formatTickets(c.opens, lang)}</td>
                  <td>
                    <span className={standing === 'on_sale' ? 'badge badge--confirmed' : 'badge'}>{t(`admin.cases.standing.${standing}`)}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
