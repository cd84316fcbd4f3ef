import { useTranslation } from 'react-i18next';
import type { Route } from './+types/admin-players';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { searchPlayers } from '#app/features/operators/api/search-players.ts';
import { PlayerResults, PlayerSearchForm } from '#app/features/operators/components/player-search.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';

/** /admin: the player search (by id, login, nickname, Steam login or SteamID64); the query is the address's `q`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = serverApi(context, request, langFromPath(url.pathname));
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const found = q ? await asOperator(() => searchPlayers(api.call, q)) : null;
  return { q, players: found?.items ?? null };
}

export default function AdminPlayers({ loaderData: { q, players } }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="stack console-section" data-testid="console-players">
      <h1>{t('admin.players.title')}</h1>
      <PlayerSearchForm key={q} q={q} />
      {players ? <PlayerResults q={q} players={players} /> : <p className="muted">{t('admin.players.hint')}</p>}
    </div>
  );
}

export const ErrorBoundary = RouteError;
