import { Link } from 'react-router';
import type { PricesData } from '../api/prices.ts';
import { formatMoney } from '../utils/case-format.ts';
import { formatChange, formatDrift } from '../utils/prices-view.ts';
import { PriceTiles } from './prices-tables.tsx';
import type { Lang } from '#app/lib/lang.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

/** Movers and cases the dashboard names; the Prices page has them all. */
const SHOWN = 5;

/**
 * The dashboard's view of prices that follow the market (decision 078): the catalogue's value and
 * the last run, the biggest movers since it, and the cases the prices took out of the band, each
 * leading to the Prices page where an admin publishes a proposal or takes the case off sale.
 */
export function DashboardPrices({ data, lang }: { data: PricesData; lang: Lang }) {
  const t = useT();
  const to = useLocalePath();
  const movers = data.movers.items.slice(0, SHOWN);
  const cases = data.cases.slice(0, SHOWN);
  return (
    <section className="console-card" data-testid="dashboard-prices">
      <div className="console-card__head">
        <h2>{t('admin.dashboard.prices.title')}</h2>
        <Link to={to('/admin/prices')} className="btn btn--secondary btn--s" data-testid="dashboard-prices-link">
          {t('admin.dashboard.prices.all')}
        </Link>
      </div>
      <PriceTiles data={data} lang={lang} />
      <div className="dashboard-prices">
        <div>
          <h3>{t('admin.dashboard.prices.movers')}</h3>
          {movers.length === 0 ? (
            <p className="muted">{t('admin.prices.movers.empty')}</p>
          ) : (
            <ul className="dashboard-prices__list" data-testid="dashboard-price-movers">
              {movers.map((m) => (
                <li key={m.item}>
                  <span>{m.name}</span>
                  <span className="muted">
                    {formatMoney(m.oldPrice, lang)} → {formatMoney(m.price, lang)}
                  </span>
                  <b className={m.changePercent < 0 ? 'is-down' : 'is-up'}>{formatChange(m.changePercent, lang)}</b>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3>{t('admin.dashboard.prices.outOfBand', { min: Math.round(data.band.min * 100), max: Math.round(data.band.max * 100) })}</h3>
          {cases.length === 0 ? (
            <p className="muted">{t('admin.dashboard.prices.inBand')}</p>
          ) : (
            <ul className="dashboard-prices__list" data-testid="dashboard-price-cases">
              {cases.map((c) => (
                <li key={c.caseId}>
                  <span>{lang === 'en' ? c.nameEn : c.nameRu}</span>
                  <span className="muted">{(c.rtp * 100).toFixed(1)}%</span>
                  <b className={c.standing === 'low' ? 'is-down' : 'is-up'}>{formatDrift(c.drift, lang)}</b>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
