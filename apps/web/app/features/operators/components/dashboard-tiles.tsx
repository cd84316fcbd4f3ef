import type { DashboardData } from '../api/dashboard-figures.ts';
import { formatMoney, formatTickets } from '../utils/case-format.ts';
import type { Lang } from '#app/lib/lang.ts';
import { useT } from '#app/lib/use-t.ts';

/** The period's totals at a glance: deposits, gross gaming revenue, openings, active and new players. */
export function DashboardTiles({ totals, lang }: { totals: DashboardData['totals']; lang: Lang }) {
  const t = useT();
  const tiles = [
    {
      key: 'deposits',
      raw: totals.deposits.sum,
      value: formatMoney(totals.deposits.sum, lang),
      note: t('admin.dashboard.tiles.depositsCount', { count: totals.deposits.count }),
    },
    {
      key: 'ggr',
      raw: totals.ggrTotal,
      value: formatMoney(totals.ggrTotal, lang),
      note: t('admin.dashboard.tiles.ggrNote'),
      loss: totals.ggrTotal < 0,
    },
    { key: 'openings', raw: totals.openings, value: formatTickets(totals.openings, lang) },
    {
      key: 'active',
      raw: totals.activePlayers,
      value: formatTickets(totals.activePlayers, lang),
      note: t('admin.dashboard.tiles.activeNote'),
    },
    { key: 'new', raw: totals.newPlayers, value: formatTickets(totals.newPlayers, lang) },
  ];
  return (
    <div className="dashboard-tiles" data-testid="dashboard-tiles">
      {tiles.map((tile) => (
        <div key={tile.key} className="dashboard-tile" data-testid={`dashboard-tile-${tile.key}`}>
          <span className="dashboard-tile__label">{t(`admin.dashboard.tiles.${tile.key}`)}</span>
          <b
            className={tile.loss ? 'dashboard-tile__value loss' : 'dashboard-tile__value'}
            data-testid={`dashboard-tile-${tile.key}-value`}
            data-value={tile.raw}
          >
            {tile.value}
          </b>
          {tile.note && <span className="dashboard-tile__note">{tile.note}</span>}
        </div>
      ))}
    </div>
  );
}
