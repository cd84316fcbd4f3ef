import { useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/battles';
import { getBattles, orderFromSearch, useBattleList, type BattleOrder } from '#app/features/battles/api/get-battles.ts';
import { useJoinBattle } from '#app/features/battles/api/join-battle.ts';
import { BattleCard } from '#app/features/battles/components/battle-card.tsx';
import { useAlert } from '#app/components/alerts.tsx';
import { EmptyState } from '#app/components/empty-state.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { isSignInRefusal } from '#app/lib/api.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { useT } from '#app/lib/use-t.ts';

/** /battles: the open battles, live, in the order the query string asks for. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  const order = orderFromSearch(url.searchParams);
  return { order, list: await getBattles(api.call, order) };
}

export default function Battles({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  // A new order is a new list: the state starts again from the loader's first page.
  return <BattleList key={`${order.sort}:${order.direction}`} {...loaderData} />;
}

function BattleList({ order, list }: Route.ComponentProps['loaderData']) {
  const t = useT();
  const me = useMe();
  const alert = useAlert();
  const navigate = useNavigate();
  const to = useLocalePath();
  const { openDialog } = useUiState();
  const [, setSearch] = useSearchParams();
  const join = useJoinBattle();
  const battles = useBattleList(list, order);

  const setOrder = (next: BattleOrder) => setSearch({ sort: next.sort, direction: String(next.direction) }, { preventScrollReset: true });
  const onJoin = (ulid: string, seat?: number) => {
    if (!me) return openDialog('login');
    alert.code('joining_battle');
    join.mutate(
      { ulid, seat },
      {
        onSuccess: () => void navigate(to(`/battles/${ulid}`)),
        onError: (e) => {
          alert.error(e.message);
          if (isSignInRefusal(e)) openDialog('login');
        },
      },
    );
  };

  return (
    <>
      <div className="page-head battles-head">
        <div>
          <h1>{t('battles.title')}</h1>
          <p className="muted">{t('battles.subtitle')}</p>
        </div>
        <div className="battles-head__sort">
          <div className="segmented" role="group" aria-label={t('battles.sort.label')}>
            {(['date', 'price'] as const).map((s) => (
              <button key={s} type="button" className={order.sort === s ? 'on' : ''} onClick={() => setOrder({ ...order, sort: s })} data-testid={`battles-sort-${s}`}>
                {t(`battles.sort.${s}`)}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="btn btn--secondary btn--m"
            onClick={() => setOrder({ ...order, direction: order.direction === 1 ? 0 : 1 })}
            aria-label={order.direction === 1 ? t('battles.sort.down') : t('battles.sort.up')}
            title={order.direction === 1 ? t('battles.sort.down') : t('battles.sort.up')}
            data-testid="battles-direction"
          >
            {order.direction === 1 ? '↓' : '↑'}
          </button>
          {battles.live && <span className="live-dot" title="live" aria-hidden="true" />}
        </div>
      </div>
      {battles.battles.length === 0 ? (
        <EmptyState testId="battles-empty" text={t('battles.empty')} action={{ label: t('battles.create'), to: to('/battles/create') }} />
      ) : (
        <div className="battle-list" data-testid="battle-list">
          {battles.battles.map((b) => (
            <BattleCard key={b.ulid} battle={b} meId={me?.userId ?? null} busy={join.isPending} onJoin={(seat) => onJoin(b.ulid, seat)} />
          ))}
        </div>
      )}
      {battles.hasNext && (
        <button type="button" className="btn btn--secondary btn--m battles-more" disabled={battles.loading} onClick={() => void battles.loadMore().catch((e: Error) => alert.error(e.message))}>
          {battles.loading ? t('common.loading') : t('battles.loadMore')}
        </button>
      )}
    </>
  );
}

export const ErrorBoundary = RouteError;
