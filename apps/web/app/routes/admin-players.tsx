import type { Route } from './+types/admin-players';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { playersInDebt } from '#app/features/operators/api/players-in-debt.ts';
import { searchPlayers } from '#app/features/operators/api/search-players.ts';
import { PlayersInDebt } from '#app/features/operators/components/players-in-debt.tsx';
import { PlayerResults, PlayerSearchForm } from '#app/features/operators/components/player-search.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * /admin: the player search (by id, login, nickname, Steam login or SteamID64); the query is the
 * address's `q`. Below it, the players in debt, whenever there are any.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const [found, debtors] = await Promise.all([q ? asOperator(() => searchPlayers(api.call, q)) : null, asOperator(() => playersInDebt(api.call))]);
  return { q, players: found?.items ?? null, debtors: debtors.items };
}

export default function AdminPlayers({ loaderData: { q, players, debtors } }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="stack console-section" data-testid="console-players">
      <h1>{t('admin.players.title')}</h1>
      <PlayerSearchForm key={q} q={q} />
      {players ? <PlayerResults q={q} players={players} /> : <p className="muted">{t('admin.players.hint')}</p>}
      <PlayersInDebt players={debtors} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
