import { data, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mayDo } from '@store/shared/operators';
import type { Route } from './+types/admin-player';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { getPlayer, usePlayer } from '#app/features/operators/api/get-player.ts';
import { getPlayerLedger } from '#app/features/operators/api/get-player-ledger.ts';
import { BalanceForm } from '#app/features/operators/components/balance-form.tsx';
import { BlockForm } from '#app/features/operators/components/block-form.tsx';
import { LedgerTable } from '#app/features/operators/components/ledger-table.tsx';
import { PlayerProfile } from '#app/features/operators/components/player-profile.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';

/** /admin/players/:playerId: the profile, wallets and standing, the ledger's first page. An unknown player is not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.playerId)) throw data(null, { status: 404 });
  const id = Number(params.playerId);
  const api = serverApi(context, request, langFromPath(new URL(request.url).pathname));
  try {
    const [player, ledger] = await asOperator(() => Promise.all([getPlayer(api.call, id), getPlayerLedger(api.call, id, 1)]));
    return { player, ledger };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 400)) throw data(null, { status: 404 });
    throw e;
  }
}

export default function AdminPlayer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const role = useMe()?.role ?? null;
  const { data: player } = usePlayer(loaderData.player);
  return (
    <div className="stack console-section" data-testid="console-player">
      <Link to={to('/admin')} className="console-link console-back">
        {t('admin.player.back')}
      </Link>
      <div className="console-player">
        <PlayerProfile player={player} />
        <div className="stack">
          {mayDo(role, 'players.balance') ? <BalanceForm player={player} /> : <p className="console-note">{t('admin.adjust.denied')}</p>}
          {mayDo(role, 'players.block') && <BlockForm player={player} />}
        </div>
      </div>
      <LedgerTable playerId={player.id} first={loaderData.ledger} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
