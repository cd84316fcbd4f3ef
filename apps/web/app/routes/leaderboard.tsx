import { useState } from 'react';
import type { Route } from './+types/leaderboard';
import { getActiveLeaderboards, useActiveLeaderboards } from '#app/features/leaderboards/api/get-active-leaderboards.ts';
import { getRanking, useRanking } from '#app/features/leaderboards/api/get-ranking.ts';
import { getTopHistory, useTopHistory } from '#app/features/leaderboards/api/get-top-history.ts';
import { LeaderboardCard } from '#app/features/leaderboards/components/leaderboard-card.tsx';
import { LeaderboardCarousel } from '#app/features/leaderboards/components/leaderboard-carousel.tsx';
import { LeaderboardInfoDialog } from '#app/features/leaderboards/components/leaderboard-info-dialog.tsx';
import { RankingWidget } from '#app/features/leaderboards/components/ranking-widget.tsx';
import { TopHistory } from '#app/features/leaderboards/components/top-history.tsx';
import { useNow } from '#app/features/leaderboards/hooks/use-now.ts';
import { useLiveBoard } from '#app/features/leaderboards/hooks/use-live-board.ts';
import { activeBoardId, rankingOf } from '#app/features/leaderboards/utils/leaderboard-view.ts';
import { RouteError } from '#app/components/route-error.tsx';
import { Skeleton } from '#app/components/skeleton.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { requireFeature } from '#app/lib/feature-gate.ts';
import '#app/features/leaderboards/leaderboards.css';
import { useT } from '#app/lib/use-t.ts';

/**
 * /leaderboard: the boards (tops) in a carousel, the ranking of the active one, and the past
 * boards. Every read fails quietly (spec §8): a board list that did not load is an empty page,
 * never an error. `?id=` makes a board active, for links from elsewhere (the header card).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireFeature({ context, request, url }, 'leaderboard');
  const api = serverApi(context, request, langFromPath(url.pathname));
  const [boards, history] = await Promise.all([getActiveLeaderboards(api.call).catch(() => null), getTopHistory(api.call).catch(() => null)]);
  const wanted = Number(url.searchParams.get('id')) || null;
  const activeId = activeBoardId(boards, wanted);
  const ranking = activeId === null ? null : await getRanking(api.call, activeId).catch(() => null);
  // The moment the timers count from, on both sides of hydration.
  return { boards, history, ranking, activeId, renderedAt: Date.now() };
}

export default function Leaderboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const boards = useActiveLeaderboards(loaderData.boards);
  const [chosen, setChosen] = useState<number | null>(loaderData.activeId);
  const [infoId, setInfoId] = useState<number | null>(null);
  const list = boards.data;
  const activeId = activeBoardId(list, chosen);
  const rankingQuery = useRanking(activeId, loaderData.ranking);
  const ranking = rankingOf(rankingQuery.data, activeId);
  const running = !!list?.some((b) => b.status === 'running');
  const now = useNow(loaderData.renderedAt, running);
  // The loader's cards count from the render (both sides of hydration print the same); a list
  // read again in the browser counts from its own arrival.
  const arrivedAt = list === loaderData.boards || !boards.dataUpdatedAt ? loaderData.renderedAt : boards.dataUpdatedAt;

  const live = useLiveBoard(activeId, boards, rankingQuery);

  const history = useTopHistory(loaderData.history);
  const info = list?.find((b) => b.id === infoId);
  // Loaded once the first attempt ended, whatever it gave (spec §4).
  const loaded = list !== undefined || boards.isFetched;

  return (
    <div className="page top-page" data-testid="top-page" data-loaded={loaded} data-live={live ? 'on' : 'off'}>
      <div className="page-head">
        <h1>{t('top.title')}</h1>
        <p className="muted">{t('top.subtitle')}</p>
      </div>
      {!loaded ? (
        <Skeleton height={236} radius={18} />
      ) : list?.length ? (
        <LeaderboardCarousel count={list.length} activeIndex={list.findIndex((b) => b.id === activeId)}>
          {list.map((b) => (
            <LeaderboardCard key={b.id} board={b} active={b.id === activeId} now={now} arrivedAt={arrivedAt} onSelect={() => setChosen(b.id)} onInfo={() => setInfoId(b.id)} />
          ))}
        </LeaderboardCarousel>
      ) : (
        <p className="top-empty muted" data-testid="top-empty">
          {t('top.empty')}
        </p>
      )}
      {ranking ? (
        <RankingWidget key={ranking.leaderboardId} ranking={ranking} />
      ) : (
        activeId !== null && rankingQuery.isFetching && <Skeleton height={320} radius={18} />
      )}
      {history.data && <TopHistory history={history.data} />}
      {info && <LeaderboardInfoDialog board={info} onClose={() => setInfoId(null)} />}
    </div>
  );
}

export const ErrorBoundary = RouteError;
