import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOP_CHANGED_EVENT, TOP_CHANNEL_PATTERN, TOP_REWARD_EVENT, topChannel, userChannel } from '@store/shared/channels';
import { leaderboard, leaderboardParams, ranking, rewardParams, topHistoryQuery, topHistoryResponse, topReward } from '@store/shared/api/leaderboards';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { langOf } from '../../http/lang.ts';
import { languagesOf } from '../users/accounts.ts';
import { findBoard, listActiveBoards, presentBoardHead, prizesOf, statusOf } from './boards.ts';
import { readRanking, positionsOf } from './ranking.ts';
import type { StandingsCache } from './standings-cache.ts';
import { listHistory, listUnseenRewards, markRewardSeen, presentReward } from './results.ts';
import { scoringConsumer } from './scoring-consumer.ts';
import type { LeaderboardCloser } from './close-boards.ts';
import type { Executor } from '../../db/client.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';

/** A board's "standings moved" hint goes out at most this often, however busy the board. */
const CHANGED_EVERY_MS = 1_000;

/**
 * Publishes `top_changed` for boards whose standings moved, at most once a second per board: the
 * page reads the ranking again on the hint, so a busy board costs its watchers one read a second.
 */
export function changeAnnouncer(publish: (boardId: number) => void) {
  const last = new Map<number, number>();
  const pending = new Map<number, NodeJS.Timeout>();
  return {
    changed(boardIds: readonly number[]) {
      const now = Date.now();
      for (const id of boardIds) {
        if (pending.has(id)) continue;
        const wait = (last.get(id) ?? 0) + CHANGED_EVERY_MS - now;
        if (wait <= 0) {
          last.set(id, now);
          publish(id);
          continue;
        }
        const timer = setTimeout(() => {
          pending.delete(id);
          last.set(id, Date.now());
          publish(id);
        }, wait);
        timer.unref();
        pending.set(id, timer);
      }
    },
    close() {
      for (const t of pending.values()) clearTimeout(t);
      pending.clear();
    },
  };
}

/**
 * Leaderboards (decision 016): the cards, a board's ranking, past boards and the winner's reward
 * popup. Scores come from the activity stream through the scoring consumer registered here; the
 * close job (`LeaderboardCloser`, built with the app) freezes ended boards and pays their prizes.
 */
export async function leaderboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db, catalogue, clock, bus, standings } = deps;
  const tags = ['leaderboards'];
  const announcer = changeAnnouncer((id) => bus.publish(topChannel(id), TOP_CHANGED_EVENT, { id }));
  // Another process's scoring or close: its announcement drops this process's snapshot too.
  const stopListening = bus.listen((msg) => {
    if (msg.event === TOP_CHANGED_EVENT && TOP_CHANNEL_PATTERN.test(msg.channel)) standings.invalidate(Number(msg.channel.slice(4)));
  });
  app.addHook('onClose', async () => {
    announcer.close();
    stopListening();
  });
  deps.activity.register(
    scoringConsumer((ids) => {
      for (const id of ids) standings.invalidate(id);
      announcer.changed(ids);
    }),
  );

  r.get('/api/v2/top/active', { schema: { tags, summary: "The leaderboards running now, with their prizes and the caller's place", response: okResponse(z.array(leaderboard)) } }, async (req) => {
    const now = clock.now();
    const lang = langOf(req);
    const boards = await listActiveBoards(db, now);
    const ids = boards.map((b) => b.id);
    const [prizes, positions] = await Promise.all([prizesOf(db, ids), req.authUser ? positionsOf(db, standings, ids, req.authUser.id) : null]);
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

  r.get('/api/v2/top/history', { schema: { tags, summary: 'Ended leaderboards and their winners, newest first', querystring: topHistoryQuery, response: okResponse(topHistoryResponse) } }, async (req) =>
    ok(
      await listHistory({
        db,
        catalogue,
        userId: req.authUser?.id ?? null,
        page: req.query.page,
        perPage: req.query.per_page,
        lang: langOf(req),
        currency: deps.project.site_currency,
      }),
    ),
  );

  r.get('/api/v2/top/rewards', { schema: { tags, summary: 'Leaderboard prizes the player won and has not seen yet', response: okResponse(z.array(topReward)) } }, async (req) =>
    ok(await listUnseenRewards(db, catalogue, requireUser(req).id, langOf(req))),
  );

  r.post('/api/v2/top/rewards/:id/seen', { config: { errors: ['dataNotFound'] }, schema: { tags, summary: 'Mark a won leaderboard prize as seen', params: rewardParams, response: okResponse(z.object({ seen: z.literal(true) })) } }, async (req) => {
    if (!(await markRewardSeen(db, requireUser(req).id, req.params.id))) throw new AppError('dataNotFound');
    return ok({ seen: true as const });
  });
}

/** What the close job tells players: the board's watchers that it closed, each winner of the prize. */
export function closerAnnouncements(deps: { db: Executor; bus: Bus; catalogue: Catalogue; standings: StandingsCache }): Pick<
  ConstructorParameters<typeof LeaderboardCloser>[0],
  'onClosed' | 'onPaid'
> {
  return {
    onClosed: (boardId) => {
      deps.standings.invalidate(boardId);
      deps.bus.publish(topChannel(boardId), TOP_CHANGED_EVENT, { id: boardId });
    },
    onPaid: async (prize) => {
      const [board, langs] = await Promise.all([findBoard(deps.db, prize.leaderboardId), languagesOf(deps.db, [prize.userId])]);
      if (board) deps.bus.publish(userChannel(prize.userId), TOP_REWARD_EVENT, presentReward(deps.catalogue, prize, board, langs.get(prize.userId) ?? 'ru'));
    },
  };
}
