import { Link, useSearchParams } from 'react-router';
import { WEB_VITAL_METRICS } from '@store/shared/web-vitals';
import type { WebVitalsData } from '../api/web-vitals.ts';
import { formatWebVital, webVitalRating, webVitalsSearchOf, WEB_VITALS_PERIOD_LIST } from '../utils/web-vitals-view.ts';
import type { Lang } from '#app/lib/lang.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * Real players' page figures (decision 066): each page's 75th percentile of each metric over the
 * chosen period, coloured by the published bounds, with how many readings gave it. Where the
 * readings went to a provider, it says the figures are there.
 */
export function DashboardWebVitals({ vitals, lang }: { vitals: WebVitalsData; lang: Lang }) {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <section className="console-card" data-testid="dashboard-web-vitals">
      <h2>{t('admin.dashboard.vitals.title')}</h2>
      <p className="muted console-hint">{t('admin.dashboard.vitals.intro')}</p>
      <div className="dashboard-period__presets" role="group" aria-label={t('admin.dashboard.period.label')}>
        {WEB_VITALS_PERIOD_LIST.map((period) => {
          const on = vitals.period === period;
          return (
            <Link
              key={period}
              to={webVitalsSearchOf(params, period)}
              preventScrollReset
              className={on ? 'btn btn--m btn--primary dashboard-period__preset' : 'btn btn--m btn--secondary dashboard-period__preset'}
              aria-current={on ? 'true' : undefined}
              data-testid={`dashboard-vitals-${period}`}
            >
              {t(`admin.dashboard.vitals.periods.${period}`)}
            </Link>
          );
        })}
      </div>
      {vitals.source === 'provider' ? (
        <p className="console-note" data-testid="dashboard-vitals-elsewhere">
          {t('admin.dashboard.vitals.provider', { url: vitals.providerUrl })}
        </p>
      ) : vitals.source === 'off' ? (
        <p className="console-note" data-testid="dashboard-vitals-elsewhere">
          {t('admin.dashboard.vitals.off')}
        </p>
      ) : (
        <>
          {vitals.keptSince && <p className="muted console-hint">{t('admin.dashboard.vitals.kept', { since: new Date(vitals.keptSince).toLocaleString(lang === 'en' ? 'en-GB' : 'ru-RU', { timeZone: 'UTC' }) })}</p>}
          <div className="console-table-wrap">
            <table className="console-table dashboard-vitals-table" data-testid="dashboard-vitals-table">
              <thead>
                <tr>
                  <th>{t('admin.dashboard.vitals.page')}</th>
                  {WEB_VITAL_METRICS.map((m) => (
                    <th key={m} className="num" title={t(`admin.dashboard.vitals.metrics.${m}`)}>
                      {m}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {vitals.pages.map((p) => (
                  <tr key={p.page} data-testid={`dashboard-vitals-row-${p.page}`}>
                    <td className="console-table__wrap">
                      <code>{p.page}</code>
                    </td>
                    {WEB_VITAL_METRICS.map((m) => {
                      const figure = p.metrics.find((f) => f.metric === m);
                      if (!figure) return <td key={m} className="num">—</td>;
                      const rating = webVitalRating(m, figure.p75);
                      return (
                        <td key={m} className="num" data-testid={`dashboard-vitals-${p.page}-${m}`} data-rating={rating}>
                          <span className={`dashboard-vital dashboard-vital--${rating}`}>{formatWebVital(m, figure.p75, lang)}</span>
                          <span className="dashboard-vital__count">{t('admin.dashboard.vitals.readings', { count: figure.count })}</span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
            {vitals.pages.length === 0 && <p className="console-note">{t('admin.dashboard.vitals.none')}</p>}
          </div>
        </>
      )}
    </section>
  );
}
