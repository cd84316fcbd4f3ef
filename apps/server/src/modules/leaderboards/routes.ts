import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leaderboard, leaderboardParams, ranking, rewardParams, topHistoryQuery, topHistoryResponse, topReward } from '@store/shared/api/leaderboards';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { langOf } from '../../http/lang.ts';
import { listActiveBoards, presentBoardHead, prizesOf, statusOf } from './boards.ts';
import { readRanking, positionsOf } from './ranking.ts';
import type { StandingsCache } from './standings-cache.ts';
import { listHistory, listUnseenRewards, markRewardSeen } from './results.ts';

/**
 * Leaderboards (decision 016): the cards, a board's ranking, past boards and the winner's reward
 * popup. The scoring and the close job are built in module.ts.
 */
export async function leaderboardRoutes(app: FastifyInstance, { standings }: { standings: StandingsCache }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db, replica, catalogue, clock } = deps;
  const tags = ['leaderboards'];

  r.get('/api/v2/top/active', { schema: { tags, summary: "The leaderboards running now, with their prizes and the caller's place", response: okResponse(z.array(leaderboard)) } }, async (req) => {
    const now = clock.now();
    const lang = langOf(req);
    // The boards and their prizes from the replica: an operator's new board may show its lag later.
    // The caller's places come from the standings cache and their own row, read on the primary.
    const boards = await listActiveBoards(replica, now);
    const ids = boards.map((b) => b.id);
    const [prizes, positions] = await Promise.all([prizesOf(replica, ids), req.authUser ? positionsOf(db, standings, ids, req.authUser.id) : null]);
    return ok(
      boards.map((b) => ({
        ...presentBoardHead(b, prizes.get(b.id) ?? [], lang),
        status: statusOf(b, now),
        ends_in: Math.max(0, Math.ceil((b.endsAt.getTime() - now.getTime()) / 1000)),
        description: lang === 'en' ? b.descriptionEn : b.descriptionRu,
        image: b.image,
        prizes_count: prizes.get(b.id)?.length ?? 0,
        order: b.sortOrder,
        currency: deps.project.site_currency,
        my_position: positions?.get(b.id) ?? null,
      })),
    );
  });

  r.get('/api/v2/top/ranking/:id', { config: { errors: ['leaderboard_not_found'] }, schema: { tags, summary: "A leaderboard's standings and prizes, with the caller's own row", params: leaderboardParams, response: okResponse(ranking) } }, async (req) => {
    const snapshot = await standings.get(req.params.id);
    if (!snapshot) throw new AppError('leaderboard_not_found');
    return ok(await readRanking({ db, catalogue, cache: standings, snapshot, userId: req.authUser?.id ?? null, now: clock.now(), lang: langOf(req) }));
  });

  r.get('/api/v2/top/history', { schema: { tags, summary: 'The places ended leaderboards paid, newest board first: a list, its paginator beside it', querystring: topHistoryQuery, response: { 200: topHistoryResponse } } }, async (req) => {
    // Closed boards' places never change once paid; a board closed a moment ago may show the replica's lag later.
    const { items, paginator } = await listHistory({
      db: replica,
      catalogue,
      userId: req.authUser?.id ?? null,
      page: req.query.page,
      perPage: req.query.per_page,
      maxPlace: req.query.max_place,
      mine: req.query.mine,
      lang: langOf(req),
      currency: deps.project.site_currency,
    });
    return { status: true as const, data: items, paginator };
  });

  r.get('/api/v2/top/rewards', { schema: { tags, summary: 'Leaderboard prizes the player won and has not seen yet', response: okResponse(z.array(topReward)) } }, async (req) =>
    ok(await listUnseenRewards(db, catalogue, requireUser(req).id, langOf(req))),
  );

  r.post('/api/v2/top/rewards/:id/seen', { config: { errors: ['dataNotFound'] }, schema: { tags, summary: 'Mark a won leaderboard prize as seen', params: rewardParams, response: okResponse(z.object({ seen: z.literal(true) })) } }, async (req) => {
    if (!(await markRewardSeen(db, requireUser(req).id, req.params.id))) throw new AppError('dataNotFound');
    return ok({ seen: true as const });
  });
}
