import { data } from 'react-router';
import type { Route } from './+types/battle';
import { BATTLE_ULID, getBattle } from '#app/features/battles/api/get-battle.ts';
import { LiveBattle } from '#app/features/battles/components/live-battle.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';

/** /battles/{ulid}: one battle, rendered as it stands, then live for players and spectators alike. */
export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  if (!BATTLE_ULID.test(params.battleId)) throw data(null, { status: 404 });
  const api = serverApi(context, request, langFromPath(url.pathname));
  try {
    return { battle: await getBattle(api.call, params.battleId) };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 400)) throw data(null, { status: 404 });
    throw e;
  }
}

export default function BattlePage({ loaderData }: Route.ComponentProps) {
  // Another battle is another page: its live state starts again.
  return <LiveBattle key={loaderData.battle.ulid} initial={loaderData.battle} />;
}

export const ErrorBoundary = RouteError;
