import { useRevalidator } from 'react-router';
import { mayDo } from '@store/shared/operators';
import type { Route } from './+types/admin-prices';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { useRunPrices } from '#app/features/operators/api/price-actions.ts';
import { getPrices } from '#app/features/operators/api/prices.ts';
import { CasesOutOfBand } from '#app/features/operators/components/cases-out-of-band.tsx';
import { MissingPricesTable, PriceMoversTable, PriceRunsTable, PriceTiles } from '#app/features/operators/components/prices-tables.tsx';
import { useAlert } from '#app/components/alerts.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import '#app/features/operators/components/dashboard-console.css';
import '#app/features/operators/components/prices-console.css';
import { useT } from '#app/lib/use-t.ts';

/**
 * /admin/prices (decision 078): the catalogue's value and the price runs, the biggest movers since
 * the last run or over 24 h, the skins without a market price, and the cases the prices took out
 * of the RTP band with their proposed odds. Support reads it; an admin runs the job now, publishes
 * a proposal or takes a case off sale.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  const movers = url.searchParams.get('movers') === '24h' ? '24h' : 'run';
  return { prices: await asOperator(() => getPrices(api.call, movers)) };
}

export default function AdminPrices({ loaderData: { prices } }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const revalidator = useRevalidator();
  const canChange = mayDo(useMe()?.role ?? null, 'prices.write');
  const run = useRunPrices();
  const runNow = () =>
    run.mutate(undefined, {
      onSuccess: (r) => {
        if (r.ran) alert.success(t('admin.prices.ran', { count: r.run?.changed ?? 0 }));
        else alert.error(t('admin.prices.busy'));
        void revalidator.revalidate();
      },
      onError: (e) => {
        alert.error(e instanceof ApiError ? e.message : t('error.title'));
        void revalidator.revalidate();
      },
    });
  return (
    <div className="stack console-section" data-testid="console-prices">
      <div className="prices-head">
        <div>
          <h1>{t('admin.prices.title')}</h1>
          <p className="muted console-hint">
            {prices.syncMs > 0 ? t('admin.prices.note', { source: prices.source, minutes: Math.round(prices.syncMs / 60_000) }) : t('admin.prices.noteOff', { source: prices.source })}
          </p>
        </div>
        {canChange && (
          <button type="button" className="btn btn--primary btn--m" disabled={run.isPending} onClick={runNow} data-testid="prices-run">
            {t('admin.prices.run')}
          </button>
        )}
      </div>
      <PriceTiles data={prices} lang={lang} />
      <section className="console-card" data-testid="prices-cases-card">
        <h2>{t('admin.prices.cases.title', { min: Math.round(prices.band.min * 100), max: Math.round(prices.band.max * 100) })}</h2>
        <p className="muted">{t('admin.prices.cases.note')}</p>
        <CasesOutOfBand
          cases={prices.cases}
          lang={lang}
          canChange={canChange}
          onActed={(done, error) => {
            if (error) alert.error(error);
            else alert.success(t(`admin.prices.cases.done.${done}`));
            void revalidator.revalidate();
          }}
        />
      </section>
      <div className="prices-grid">
        <section className="console-card" data-testid="prices-movers-card">
          <h2>{t('admin.prices.movers.title')}</h2>
          <PriceMoversTable movers={prices.movers} lang={lang} />
        </section>
        <section className="console-card" data-testid="prices-missing-card">
          <h2>{t('admin.prices.missing.title', { count: prices.missing.count })}</h2>
          <MissingPricesTable missing={prices.missing} lang={lang} />
        </section>
      </div>
      <section className="console-card">
        <h2>{t('admin.prices.runs.title')}</h2>
        <PriceRunsTable runs={prices.runs} lang={lang} />
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteError;
