import { useState } from 'react';
import type { Route } from './+types/event-top';
import { getCurrentEvent } from '#app/features/event/api/get-current-event.ts';
import { useEventOutlet } from '#app/features/event/hooks/use-event-outlet.ts';
import { getActiveLeaderboards, useActiveLeaderboards } from '#app/features/leaderboards/api/get-active-leaderboards.ts';
import { getRanking, useRanking } from '#app/features/leaderboards/api/get-ranking.ts';
import { LeaderboardCard } from '#app/features/leaderboards/components/leaderboard-card.tsx';
import { LeaderboardInfoDialog } from '#app/features/leaderboards/components/leaderboard-info-dialog.tsx';
import { RankingWidget } from '#app/features/leaderboards/components/ranking-widget.tsx';
import { useNow } from '#app/features/leaderboards/hooks/use-now.ts';
import { useLiveBoard } from '#app/features/leaderboards/hooks/use-live-board.ts';
import { rankingOf } from '#app/features/leaderboards/utils/leaderboard-view.ts';
import { RouteError } from '#app/components/route-error.tsx';
import { Skeleton } from '#app/components/skeleton.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import '#app/features/leaderboards/leaderboards.css';
import { useT } from '#app/lib/use-t.ts';

/**
 * /event/top: the season's leaderboard (the event's `top_leaderboard_id`) with the leaderboards'
 * own card and ranking, live like the leaderboard page. Every read fails quietly.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  const settings = await getCurrentEvent(api.call).catch(() => null);
  const id = settings?.topLeaderboardId ?? null;
  if (id === null) return { id, boards: null, ranking: null, renderedAt: Date.now() };
  const [boards, ranking] = await Promise.all([
    getActiveLeaderboards(api.call).catch(() => null),
    getRanking(api.call, id).catch(() => null),
  ]);
  return { id, boards, ranking, renderedAt: Date.now() };
}

export default function EventTop({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { settings } = useEventOutlet();
  const id = settings ? settings.topLeaderboardId : loaderData.id;
  const boards = useActiveLeaderboards(loaderData.boards);
  const rankingQuery = useRanking(id, loaderData.ranking);
  const ranking = rankingOf(rankingQuery.data, id);
  const board = boards.data?.find((b) => b.id === id) ?? null;
  const [info, setInfo] = useState(false);
  const now = useNow(loaderData.renderedAt, board?.status === 'running');
  const arrivedAt = boards.data === loaderData.boards || !boards.dataUpdatedAt ? loaderData.renderedAt : boards.dataUpdatedAt;

  const live = useLiveBoard(id, boards, rankingQuery);

  if (id === null) {
    return (
      <p className="empty" data-testid="event-top-none">
        {t('event.noTop')}
      </p>
    );
  }
  return (
    <div className="event-top top-page" data-testid="event-top" data-live={live ? 'on' : 'off'}>
      {board && (
        <div className="event-top__card">
          <LeaderboardCard board={board} active now={now} arrivedAt={arrivedAt} onSelect={() => undefined} onInfo={() => setInfo(true)} />
        </div>
      )}
      {ranking ? (
        <RankingWidget key={ranking.leaderboardId} ranking={ranking} />
      ) : rankingQuery.isFetching ? (
        <Skeleton height={320} radius={18} />
      ) : (
        <p className="empty">{t('top.noRanking')}</p>
      )}
      {info && board && <LeaderboardInfoDialog board={board} onClose={() => setInfo(false)} />}
    </div>
  );
}

export const ErrorBoundary = RouteError;
