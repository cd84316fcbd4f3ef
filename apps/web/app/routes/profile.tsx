import { useState } from 'react';
import { data, Link } from 'react-router';
import type { PublicConfig } from '@store/shared/api/platform';
import type { Route } from './+types/profile';
import { getUser } from '#app/features/profile/api/get-user.ts';
import { getDashboard } from '#app/features/profile/api/get-dashboard.ts';
import { DashboardCounts } from '#app/features/profile/components/dashboard-counts.tsx';
import { ProfileCard } from '#app/features/profile/components/profile-card.tsx';
import { SignOutEverywhere } from '#app/features/profile/components/sign-out-everywhere.tsx';
import { getInventory } from '#app/features/inventory/api/get-inventory.ts';
import { InventoryPanel } from '#app/features/inventory/components/inventory-panel.tsx';
import { HydrateApart } from '#app/components/hydrate-apart.tsx';
import { UpgradeHistory } from '#app/features/upgrades/components/upgrade-history.tsx';
import { MissionsPanel } from '#app/features/missions/components/missions-panel.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { namedPageHead } from '#app/lib/seo-head.ts';
import { requestHead } from '#app/lib/seo-head.server.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import '#app/features/missions/missions.css';
import '#app/features/inventory/inventory.css';
import '#app/features/profile/profile.css';
import { useT } from '#app/lib/use-t.ts';

/** A player's profile and inventory; anyone may look, the owner may sell. */
export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  const userId = /^\d{1,10}$/.test(params.userId) ? Number(params.userId) : NaN;
  if (!Number.isSafeInteger(userId) || userId < 1 || userId > 2 ** 31 - 1) throw data(null, { status: 404 });
  const api = serverApi(context, request, langFromPath(url.pathname));
  try {
    const [user, dashboard, inventory, config] = await Promise.all([
      getUser(api.call, userId),
      getDashboard(api.call, userId),
      getInventory(api.call, userId, 'active', 1),
      api.call<PublicConfig>('/api/v1/config'),
    ]);
    return { user, dashboard, inventory, head: requestHead(url, config, { nickname: user.nickname }) };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw data(null, { status: 404 });
    throw e;
  }
}

/** The page's head, titled with the player's nickname by the loader. */
export const meta: Route.MetaFunction = namedPageHead;

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { user, dashboard, inventory } = loaderData;
  const t = useT();
  const to = useLocalePath();
  const [tab, setTab] = useState<'inventory' | 'upgrades' | 'missions'>('inventory');
  return (
    <div className="page">
      <ProfileCard user={user} />
      <DashboardCounts counts={dashboard} />
      <div className="profile-bar">
        <div className="tabs" role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'inventory'} className={tab === 'inventory' ? 'on' : ''} onClick={() => setTab('inventory')}>
            {t('profile.inventoryTab')}
          </button>
          <button type="button" role="tab" aria-selected={tab === 'upgrades'} className={tab === 'upgrades' ? 'on' : ''} onClick={() => setTab('upgrades')} data-testid="profile-upgrades-tab">
            {t('upgrade.tab')}
          </button>
          {inventory.isOwner && (
            <button type="button" role="tab" aria-selected={tab === 'missions'} className={tab === 'missions' ? 'on' : ''} onClick={() => setTab('missions')} data-testid="profile-missions-tab">
              {t('missions.title')}
            </button>
          )}
        </div>
        {inventory.isOwner && (
          <div className="profile-bar__own">
            <Link to={to('/profile/settings')} className="btn btn--secondary btn--s" data-testid="profile-settings-link">
              {t('account.title')}
            </Link>
            <SignOutEverywhere />
          </div>
        )}
      </div>
      {tab === 'inventory' ? (
        <HydrateApart key={user.userId}>
          <InventoryPanel userId={user.userId} isOwner={inventory.isOwner} initial={inventory} />
        </HydrateApart>
      ) : tab === 'missions' && inventory.isOwner ? (
        <MissionsPanel key={user.userId} />
      ) : (
        <UpgradeHistory key={user.userId} userId={user.userId} />
      )}
    </div>
  );
}

export const ErrorBoundary = RouteError;
