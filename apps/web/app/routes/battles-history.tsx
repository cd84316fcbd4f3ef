import { useState } from 'react';
import type { Route } from './+types/battles-history';
import { getBattleHistory, HISTORY_PER_PAGE, useBattleHistory } from '#app/features/battles/api/get-battle-history.ts';
import { BattleHistoryList } from '#app/features/battles/components/battle-history-list.tsx';
import { EmptyState } from '#app/components/empty-state.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { Skeleton } from '#app/components/skeleton.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { Pager } from '#app/components/pager.tsx';
import { useT } from '#app/lib/use-t.ts';

/** /battles/history: the signed-in player's battles with how each ended; a guest is asked to sign in. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  return { first: api.token ? await getBattleHistory(api.call, 1) : null };
}

export default function BattlesHistory({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const me = useMe();
  const { openDialog } = useUiState();
  return (
    <>
      <div className="page-head">
        <h1>{t('battles.history.title')}</h1>
      </div>
      {me ? (
        <History meId={me.userId} first={loaderData.first} />
      ) : (
        <div className="empty battles-guest" data-testid="battles-history-guest">
          <p>{t('battles.history.signIn')}</p>
          <button type="button" className="btn btn--accent btn--m" onClick={() => openDialog('login')}>
            {t('header.signIn')}
          </button>
        </div>
      )}
    </>
  );
}

function History({ meId, first }: { meId: number; first: Route.ComponentProps['loaderData']['first'] }) {
  const t = useT();
  const to = useLocalePath();
  const [page, setPage] = useState(1);
  const history = useBattleHistory(page, first);
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / HISTORY_PER_PAGE)) : 1;
  if (!data) return <Skeleton height={320} radius={12} />;
  if (!data.items.length) return <EmptyState text={t('battles.history.empty')} action={{ label: t('battles.history.emptyAction'), to: to('/battles') }} />;
  return (
    <section className={`recent${history.isPlaceholderData ? ' is-stale' : ''}`} data-testid="battle-history">
      <BattleHistoryList battles={data.items} meId={meId} />
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}

export const ErrorBoundary = RouteError;
