import type { DashboardCaseReturn, DashboardGameReturn } from '../api/dashboard-figures.ts';
import { formatMoney, formatTickets } from '../utils/case-format.ts';
import { formatRtp, rtpGap } from '../utils/dashboard-period.ts';
import type { Lang } from '#app/lib/lang.ts';
import { useT } from '#app/lib/use-t.ts';

interface Row {
  key: string;
  name: string;
  plays: number;
  staked: number;
  paidOut: number;
  rtpObserved: number | null;
  rtpConfigured: number | null;
  /** Stakes that are not GOLD (a coin case): amounts are event coins. */
  coins?: boolean;
}

/** The return to player each game and case paid in the period beside the configured one; a big gap is marked. */
export function DashboardRtpTable({
  games,
  cases,
  lang,
}: {
  games: readonly DashboardGameReturn[];
  cases: readonly DashboardCaseReturn[];
  lang: Lang;
}) {
  const t = useT();
  const gameRows: Row[] = games.map((g) => ({ key: `game-${g.game}`, name: t(`admin.dashboard.games.${g.game}`), ...g }));
  const caseRows: Row[] = cases.map((c) => ({
    key: `case-${c.slug}`,
    name: lang === 'en' ? c.nameEn : c.nameRu,
    ...c,
    coins: c.currency !== 'GOLD',
  }));
  const body = (rows: Row[]) =>
    rows.map((r) => {
      const gap = rtpGap(r.rtpObserved, r.rtpConfigured);
      return (
        <tr key={r.key} className={gap === 'big' ? 'dashboard-row--gap' : undefined} data-testid={`dashboard-rtp-${r.key}`} data-gap={gap}>
          <td className="console-table__wrap">{r.name}</td>
          <td className="num">{formatTickets(r.plays, lang)}</td>
          <td className="num">{r.coins ? formatTickets(r.staked, lang) : formatMoney(r.staked, lang)}</td>
          <td className="num">{formatMoney(r.paidOut, lang)}</td>
          <td className="num" data-testid={`dashboard-rtp-${r.key}-observed`}>
            {formatRtp(r.rtpObserved, lang)}
          </td>
          <td className="num">{formatRtp(r.rtpConfigured, lang)}</td>
          <td className="num">
            {gap === 'none' ? '' : <span className={`dashboard-gap dashboard-gap--${gap}`}>{t(`admin.dashboard.rtp.gap.${gap}`)}</span>}
          </td>
        </tr>
      );
    });
  const head = (first: string) => (
    <thead>
      <tr>
        <th>{first}</th>
        <th className="num">{t('admin.dashboard.rtp.plays')}</th>
        <th className="num">{t('admin.dashboard.rtp.staked')}</th>
        <th className="num">{t('admin.dashboard.rtp.paidOut')}</th>
        <th className="num">{t('admin.dashboard.rtp.observed')}</th>
        <th className="num">{t('admin.dashboard.rtp.configured')}</th>
        <th className="num">{t('admin.dashboard.rtp.gapTitle')}</th>
      </tr>
    </thead>
  );
  return (
    <section className="console-card" data-testid="dashboard-rtp">
      <h2>{t('admin.dashboard.rtp.title')}</h2>
      <p className="muted console-hint">{t('admin.dashboard.rtp.intro')}</p>
      <div className="console-table-wrap">
        <table className="console-table dashboard-rtp-table">
          {head(t('admin.dashboard.rtp.game'))}
          <tbody>{body(gameRows)}</tbody>
        </table>
      </div>
      <div className="console-table-wrap">
        <table className="console-table dashboard-rtp-table" data-testid="dashboard-rtp-cases">
          {head(t('admin.dashboard.rtp.case'))}
          <tbody>{body(caseRows)}</tbody>
        </table>
        {caseRows.length === 0 && <p className="console-note">{t('admin.dashboard.rtp.noCases')}</p>}
      </div>
    </section>
  );
}
