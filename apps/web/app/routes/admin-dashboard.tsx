import { useCallback, useMemo } from 'react';
import { DASHBOARD_GAMES } from '@store/shared/dashboard';
import type { Route } from './+types/admin-dashboard';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { getDashboard } from '#app/features/operators/api/dashboard-figures.ts';
import { getPrices, type PricesData } from '#app/features/operators/api/prices.ts';
import { DashboardExports } from '#app/features/operators/components/dashboard-exports.tsx';
import { DashboardPrices } from '#app/features/operators/components/dashboard-prices.tsx';
import { DashboardChart, type DashboardSeries } from '#app/features/operators/components/dashboard-chart.tsx';
import { DashboardPeriodPicker } from '#app/features/operators/components/dashboard-period-picker.tsx';
import { DashboardRtpTable } from '#app/features/operators/components/dashboard-rtp-table.tsx';
import { DashboardTiles } from '#app/features/operators/components/dashboard-tiles.tsx';
import { getWebVitals, type WebVitalsData } from '#app/features/operators/api/web-vitals.ts';
import { DashboardWebVitals } from '#app/features/operators/components/dashboard-web-vitals.tsx';
import { webVitalsPeriodOf } from '#app/features/operators/utils/web-vitals-view.ts';
import { formatMoney, formatTickets } from '#app/features/operators/utils/case-format.ts';
import { dashboardChoiceOf, formatDay, utcToday } from '#app/features/operators/utils/dashboard-period.ts';
import { RouteError } from '#app/components/route-error.tsx';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import '#app/features/operators/components/dashboard-console.css';
import '#app/features/operators/components/prices-console.css';
import { useT } from '#app/lib/use-t.ts';

/** One colour per game, the same in every chart. */
const GAME_COLORS = { cases: '#f5b73b', battles: '#e5484d', upgrades: '#4b8dff', contracts: '#3ddc8a', techies: '#b26bff' } as const;

/**
 * /admin/dashboard (decision 031): the period's deposits, gross gaming revenue per game, openings,
 * active and new players, and each game's and case's return to player beside the configured one,
 * and real players' page figures (decision 066) over a period of their own; the CSV exports of a
 * period (decision 074); the catalogue's value, the price movers and the cases out of band (decision 078).
 * Money figures: admins only; support is told so by the server's refusal, a bad period too.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  const choice = dashboardChoiceOf(url.searchParams);
  // The page figures are read beside the money figures; their failure leaves the rest of the page.
  const vitals = getWebVitals(api.call, webVitalsPeriodOf(url.searchParams)).catch((): WebVitalsData | null => null);
  // The prices card likewise (decision 078): the Prices page holds the rest.
  const prices = getPrices(api.call, 'run').catch((): PricesData | null => null);
  try {
    const figures = await asOperator(() => getDashboard(api.call, choice, utcToday()));
    return { choice, figures, vitals: await vitals, prices: await prices, refused: null, adminOnly: false };
  } catch (e) {
    await Promise.all([vitals, prices]);
    if (e instanceof ApiError && (e.code === 'admin_only' || e.code === 'dashboard_period_invalid' || e.code === 'validation'))
      return { choice, figures: null, vitals: null, prices: null, refused: e.message, adminOnly: e.code === 'admin_only' };
    throw e;
  }
}

export default function AdminDashboard({ loaderData: { choice, figures, vitals, prices, refused, adminOnly } }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const days = useMemo(() => figures?.days.map((d) => d.day) ?? [], [figures]);
  const money = useCallback((v: number) => formatMoney(v, lang), [lang]);
  const count = useCallback((v: number) => formatTickets(v, lang), [lang]);
  const dayLabel = useCallback((day: string) => formatDay(day, lang), [lang]);
  const axis = { dayLabel, dayTitle: t('admin.dashboard.charts.day') };
  const charts = useMemo(() => {
    const list = figures?.days ?? [];
    const deposits: DashboardSeries[] = [
      { label: t('admin.dashboard.charts.deposits'), color: '#3ddc8a', values: list.map((d) => d.deposits.sum) },
    ];
    const ggr: DashboardSeries[] = DASHBOARD_GAMES.map((g) => ({
      label: t(`admin.dashboard.games.${g}`),
      color: GAME_COLORS[g],
      values: list.map((d) => d.ggr[g]),
    }));
    const openings: DashboardSeries[] = [
      { label: t('admin.dashboard.tiles.openings'), color: '#f5b73b', values: list.map((d) => d.openings) },
    ];
    const players: DashboardSeries[] = [
      { label: t('admin.dashboard.tiles.active'), color: '#4b8dff', values: list.map((d) => d.activePlayers) },
      { label: t('admin.dashboard.tiles.new'), color: '#b26bff', values: list.map((d) => d.newPlayers) },
    ];
    return { deposits, ggr, openings, players };
  }, [figures, t]);

  return (
    <div className="stack console-section" data-testid="console-dashboard">
      <div className="dashboard-head">
        <h1>{t('admin.dashboard.title')}</h1>
        {figures && (
          <p className="muted dashboard-range" data-testid="dashboard-range">
            {t('admin.dashboard.range', { from: figures.from, to: figures.to, count: figures.days.length })}
          </p>
        )}
      </div>
      {!adminOnly && (
        <DashboardPeriodPicker
          key={figures ? `${figures.from}:${figures.to}` : 'none'}
          choice={choice}
          from={figures?.from ?? ''}
          to={figures?.to ?? ''}
        />
      )}
      {refused !== null || figures === null ? (
        <p className="form-error" role="alert" data-testid="dashboard-refused">
          {refused}
        </p>
      ) : (
        <>
          <DashboardTiles totals={figures.totals} lang={lang} />
          {prices && <DashboardPrices data={prices} lang={lang} />}
          <div className="dashboard-charts">
            <DashboardChart
              title={t('admin.dashboard.charts.deposits')}
              days={days}
              series={charts.deposits}
              kind="bars"
              format={money}
              {...axis}
              testId="dashboard-chart-deposits"
            />
            <DashboardChart
              title={t('admin.dashboard.charts.openings')}
              days={days}
              series={charts.openings}
              kind="bars"
              format={count}
              integer
              {...axis}
              testId="dashboard-chart-openings"
            />
            <div className="dashboard-chart--wide">
              <DashboardChart
                title={t('admin.dashboard.charts.ggr')}
                days={days}
                series={charts.ggr}
                kind="lines"
                format={money}
                {...axis}
                testId="dashboard-chart-ggr"
              />
            </div>
            <div className="dashboard-chart--wide">
              <DashboardChart
                title={t('admin.dashboard.charts.players')}
                days={days}
                series={charts.players}
                kind="lines"
                format={count}
                integer
                {...axis}
                testId="dashboard-chart-players"
              />
            </div>
          </div>
          <DashboardRtpTable games={figures.games} cases={figures.cases} lang={lang} />
          {vitals && <DashboardWebVitals vitals={vitals} lang={lang} />}
          <DashboardExports key={`${figures.from}:${figures.to}`} from={figures.from} to={figures.to} />
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteError;
