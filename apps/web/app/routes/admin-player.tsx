import { data, Link, useSearchParams, type ShouldRevalidateFunction } from 'react-router';
import { mayDo, operatorTargetRefusal } from '@store/shared/operators';
import type { Route } from './+types/admin-player';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { getPlayer, usePlayer } from '#app/features/operators/api/get-player.ts';
import { getPlayerLedger } from '#app/features/operators/api/get-player-ledger.ts';
import { BalanceForm } from '#app/features/operators/components/balance-form.tsx';
import { BlockForm } from '#app/features/operators/components/block-form.tsx';
import { PlayerProfile } from '#app/features/operators/components/player-profile.tsx';
import { PlayerRecords, RECORD_TABS, type RecordTab } from '#app/features/operators/components/player-records.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * /admin/players/:playerId: the profile, wallets and standing, then the player's records a tab at a
 * time (`?tab=`: ledger, items, games, sessions, promo), so a link can open the one meant. The
 * ledger's first page comes with the page; the others load when their tab opens. An unknown player
 * is not found.
 */
export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.playerId)) throw data(null, { status: 404 });
  const id = Number(params.playerId);
  const api = serverApi(context, request, langFromPath(url.pathname));
  try {
    const [player, ledger] = await asOperator(() => Promise.all([getPlayer(api.call, id), getPlayerLedger(api.call, id, 1)]));
    return { player, ledger };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 400)) throw data(null, { status: 404 });
    throw e;
  }
}

/** A change of tab is a change of the search alone: the profile and the ledger stay as they are. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function AdminPlayer({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const me = useMe();
  const role = me?.role ?? null;
  const { data: player } = usePlayer(loaderData.player);
  // The server refuses changes to one's own account or an operator of one's role or above: offer none.
  const outranks = me !== null && operatorTargetRefusal({ id: me.userId, role }, { id: player.id, role: player.role }) === null;
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: RecordTab = RECORD_TABS.includes(asked as RecordTab) ? (asked as RecordTab) : 'ledger';
  const openTab = (next: RecordTab) => setSearch(next === 'ledger' ? {} : { tab: next }, { replace: true, preventScrollReset: true });
  return (
    <div className="stack console-section" data-testid="console-player">
      <Link to={to('/admin')} className="console-link console-back">
        {t('admin.player.back')}
      </Link>
      <div className="console-player">
        <PlayerProfile player={player} />
        {outranks ? (
          <div className="stack">
            {mayDo(role, 'players.balance') ? <BalanceForm player={player} /> : <p className="console-note">{t('admin.adjust.denied')}</p>}
            {mayDo(role, 'players.block') && <BlockForm player={player} />}
          </div>
        ) : (
          <p className="console-note" data-testid="player-outranked">
            {t('admin.player.outranked')}
          </p>
        )}
      </div>
      <PlayerRecords
        playerId={player.id}
        ledger={loaderData.ledger}
        mayRevoke={outranks && mayDo(role, 'players.sessions')}
        tab={tab}
        onTab={openTab}
      />
    </div>
  );
}

export const ErrorBoundary = RouteError;
