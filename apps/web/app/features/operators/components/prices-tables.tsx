import { Link } from 'react-router';
import type { PricesData } from '../api/prices.ts';
import { formatMoney, formatTickets, formatWhen } from '../utils/case-format.ts';
import { formatChange, lastDone, runStateKey } from '../utils/prices-view.ts';
import type { Lang } from '#app/lib/lang.ts';
import { useT } from '#app/lib/use-t.ts';

/** The catalogue at a glance: its value, its skins, the last finished run and the skins without a market price. */
export function PriceTiles({ data, lang }: { data: PricesData; lang: Lang }) {
  const t = useT();
  const last = lastDone(data.runs);
  const tiles = [
    { key: 'value', value: formatMoney(data.catalogue.value, lang), note: t('admin.prices.tiles.valueNote', { count: data.catalogue.items }) },
    { key: 'lastRun', value: last ? formatWhen(last.finishedAt ?? last.startedAt, lang) : t('admin.prices.tiles.never'), note: last ? t('admin.prices.tiles.changed', { count: last.changed }) : '' },
    { key: 'missing', value: formatTickets(data.missing.count, lang), note: t('admin.prices.tiles.missingNote') },
    { key: 'cases', value: formatTickets(data.cases.length, lang), note: t('admin.prices.tiles.band', { min: Math.round(data.band.min * 100), max: Math.round(data.band.max * 100) }) },
  ];
  return (
    <div className="prices-tiles" data-testid="prices-tiles">
      {tiles.map((tile) => (
        <div key={tile.key} className="dashboard-tile" data-testid={`prices-tile-${tile.key}`}>
          <span className="dashboard-tile__label">{t(`admin.prices.tiles.${tile.key}`)}</span>
          <b className="dashboard-tile__value" data-testid={`prices-tile-${tile.key}-value`}>
            {tile.value}
          </b>
          {tile.note && <span className="dashboard-tile__note">{tile.note}</span>}
        </div>
      ))}
    </div>
  );
}

/** The latest runs: when, from where, what they saw and changed, and how they ended. */
export function PriceRunsTable({ runs, lang }: { runs: PricesData['runs']; lang: Lang }) {
  const t = useT();
  if (runs.length === 0) return <p className="empty">{t('admin.prices.runs.empty')}</p>;
  return (
    <div className="console-table-wrap">
      <table className="console-table" data-testid="price-runs">
        <thead>
          <tr>
            <th>{t('admin.prices.runs.started')}</th>
            <th>{t('admin.prices.runs.state')}</th>
            <th className="num">{t('admin.prices.runs.seen')}</th>
            <th className="num">{t('admin.prices.runs.changed')}</th>
            <th className="num">{t('admin.prices.runs.missing')}</th>
            <th className="num">{t('admin.prices.runs.cases')}</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => {
            const state = runStateKey(r);
            return (
              <tr key={r.id} data-testid="price-run" data-state={state}>
                <td>
                  {formatWhen(r.startedAt, lang)}
                  <div className="muted">
                    #{r.id} · {r.source}
                  </div>
                </td>
                <td className={`console-table__wrap prices-state--${state}`}>
                  {t(`admin.prices.runs.states.${state}`)}
                  {r.error && <div className="muted">{r.error}</div>}
                </td>
                <td className="num">{formatTickets(r.seen, lang)}</td>
                <td className="num">{formatTickets(r.changed, lang)}</td>
                <td className="num">{formatTickets(r.missing, lang)}</td>
                <td className="num">{formatTickets(r.flaggedCases, lang)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The biggest moves, since the last run or over 24 hours (the address keeps the choice). */
export function PriceMoversTable({ movers, lang }: { movers: PricesData['movers']; lang: Lang }) {
  const t = useT();
  return (
    <>
      <div className="prices-switch" role="group" aria-label={t('admin.prices.movers.since')}>
        {(['run', '24h'] as const).map((since) => (
          <Link key={since} to={`?movers=${since}`} replace className={`btn btn--s ${movers.since === since ? 'btn--primary' : 'btn--secondary'}`} data-testid={`price-movers-${since}`}>
            {t(`admin.prices.movers.${since}`)}
          </Link>
        ))}
      </div>
      {movers.items.length === 0 ? (
        <p className="empty" data-testid="price-movers-empty">
          {t('admin.prices.movers.empty')}
        </p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table" data-testid="price-movers">
            <thead>
              <tr>
                <th>{t('admin.prices.movers.item')}</th>
                <th className="num">{t('admin.prices.movers.was')}</th>
                <th className="num">{t('admin.prices.movers.now')}</th>
                <th className="num">{t('admin.prices.movers.change')}</th>
              </tr>
            </thead>
            <tbody>
              {movers.items.map((m) => (
                <tr key={m.item} data-testid="price-mover">
                  <td className="console-table__wrap">{m.marketName}</td>
                  <td className="num">{formatMoney(m.oldPrice, lang)}</td>
                  <td className="num">{formatMoney(m.price, lang)}</td>
                  <td className={`num ${m.changePercent > 0 ? 'win' : 'loss'}`}>{formatChange(m.changePercent, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** Skins the market's list lacked: they keep their last price, flagged since the first run that missed them. */
export function MissingPricesTable({ missing, lang }: { missing: PricesData['missing']; lang: Lang }) {
  const t = useT();
  if (missing.count === 0) return <p className="empty">{t('admin.prices.missing.empty')}</p>;
  return (
    <div className="console-table-wrap">
      <table className="console-table" data-testid="price-missing">
        <thead>
          <tr>
            <th>{t('admin.prices.movers.item')}</th>
            <th className="num">{t('admin.prices.missing.kept')}</th>
            <th>{t('admin.prices.missing.since')}</th>
          </tr>
        </thead>
        <tbody>
          {missing.items.map((m) => (
            <tr key={m.item} data-testid="price-missing-item">
              <td className="console-table__wrap">{m.marketName}</td>
              <td className="num">{formatMoney(m.price, lang)}</td>
              <td>{formatWhen(m.since, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {missing.count > missing.items.length && <p className="muted">{t('admin.prices.missing.more', { count: missing.count - missing.items.length })}</p>}
    </div>
  );
}
