import { data } from 'react-router';
import type { Route } from './+types/profile';
import { getUser } from '../features/profile/api/get-user.ts';
import { ProfileCard } from '../features/profile/components/profile-card.tsx';
import { getInventory } from '../features/inventory/api/get-inventory.ts';
import { InventoryPanel } from '../features/inventory/components/inventory-panel.tsx';
import { RouteError } from '../components/route-error.tsx';
import { ApiError } from '../lib/api.ts';
import { langFromPath } from '../lib/lang.ts';
import { serverApi } from '../lib/server-api.ts';

/** A player's profile and inventory; anyone may look, the owner may sell. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const userId = /^\d{1,10}$/.test(params.userId) ? Number(params.userId) : NaN;
  if (!Number.isSafeInteger(userId) || userId < 1 || userId > 2 ** 31 - 1) throw data(null, { status: 404 });
  const api = serverApi(context, request, langFromPath(new URL(request.url).pathname));
  try {
    const [user, inventory] = await Promise.all([getUser(api.call, userId), getInventory(api.call, userId, 'active', 1)]);
    return { user, inventory };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw data(null, { status: 404 });
    throw e;
  }
}

export const meta: Route.MetaFunction = ({ data: page }) => (page ? [{ title: page.user.nickname }] : []);

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { user, inventory } = loaderData;
  return (
    <div className="page">
      <ProfileCard user={user} />
      <InventoryPanel key={user.userId} userId={user.userId} isOwner={inventory.isOwner} initial={inventory} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
