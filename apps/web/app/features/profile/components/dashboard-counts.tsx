import { useFigure } from '#app/lib/use-figure.ts';
import type { DashboardData } from '../api/get-dashboard.ts';
import { useT } from '#app/lib/use-t.ts';

const COUNTS = [
  ['battles', 'battlesCount'],
  ['inventory', 'inventoryCount'],
  ['active', 'inventoryActiveCount'],
  ['sent', 'sendItemsCount'],
  ['upgrades', 'upgradesCount'],
] as const satisfies readonly (readonly [string, keyof DashboardData])[];

/** The profile's counts (spec §3 Dashboard counts), a tile each, for anyone who looks. */
export function DashboardCounts({ counts }: { counts: DashboardData }) {
  const t = useT();
  const figure = useFigure();
  return (
    <dl className="profile-dashboard" data-testid="profile-dashboard" aria-label={t('profile.dashboard.title')}>
      {COUNTS.map(([label, field]) => (
        <div key={field} data-testid={`dashboard-${label}`}>
          <dt>{t(`profile.dashboard.${label}`)}</dt>
          <dd>{figure(counts[field], 0)}</dd>
        </div>
      ))}
    </dl>
  );
}
