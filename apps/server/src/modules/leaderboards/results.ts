import { and, asc, count, desc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import type { TopHistoryPage, TopReward } from '@store/shared/api/leaderboards';
import { isMoneyScore, type LeaderboardType } from '@store/shared/leaderboards';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { levelsOfPlayers } from '../levels/player-levels.ts';
import { nicknamesOf } from '../users/accounts.ts';
import { avatarUrl } from '../users/get-user.ts';
import { presentBoardHead, presentPrizeItem, prizesOf, titleOf } from './boards.ts';
import { leaderboardResults, leaderboards } from './schema.ts';

/**
 * The places closed boards handed out, one entry each (spec §7), the newest board first and its
 * places in order; `maxPlace` keeps each board's first places, `mine` the caller's own (none for
 * a guest).
 */
export async function listHistory(opts: {
  db: Executor;
  catalogue: Catalogue;
  userId: number | null;
  page: number;
  perPage: number;
  maxPlace?: number | undefined;
  mine?: boolean | undefined;
  lang: Lang;
  currency: string;
}): Promise<TopHistoryPage> {
  const { db, catalogue, userId, page, perPage, lang, currency } = opts;
  const r = leaderboardResults;
  const paginator = (total: number) => ({ page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) });
  if (opts.mine && userId === null) return { items: [], paginator: paginator(0) };
  const where = and(
    eq(leaderboards.status, 'closed'),
    opts.maxPlace === undefined ? undefined : lte(r.place, opts.maxPlace),
    opts.mine && userId !== null ? eq(r.userId, userId) : undefined,
  );
  const [found, [total]] = await Promise.all([
    db
      .select({ result: r, board: leaderboards })
      .from(r)
      .innerJoin(leaderboards, eq(leaderboards.id, r.leaderboardId))
      .where(where)
      .orderBy(desc(leaderboards.endsAt), desc(leaderboards.id), asc(r.place))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(r).innerJoin(leaderboards, eq(leaderboards.id, r.leaderboardId)).where(where),
  ]);
  const players = [...new Set(found.map((f) => f.result.userId))];
  const [names, levels, prizes] = await Promise.all([nicknamesOf(db, players), levelsOfPlayers(db, players), prizesOf(db, [...new Set(found.map((f) => f.board.id))])]);
  return {
    items: found.map(({ result, board }) => {
      const item = presentPrizeItem(catalogue, result.itemKey, result.price, lang);
      return {
        ...presentBoardHead(board, prizes.get(board.id) ?? [], lang),
        prize: { id: item.id, name: item.name, image: item.image, position: result.place, price: { amount: item.price }, rarity: item.rarity, rarity_color: item.rarity_color },
        user: { id: result.userId, avatar: avatarUrl(result.userId), name: names.get(result.userId) ?? '', level: levels.get(result.userId) ?? 0, earn: toUnits(result.won) },
        score: isMoneyScore(board.type as LeaderboardType) ? toUnits(result.score) : result.score,
        currency,
      };
    }),
    paginator: paginator(Number(total?.n ?? 0)),
  };
}

/** The player's paid prizes not yet shown in the reward popup, the oldest first. */
export async function listUnseenRewards(db: Executor, catalogue: Catalogue, userId: number, lang: Lang): Promise<TopReward[]> {
  const r = leaderboardResults;
  const found = await db
    .select({ result: r, board: leaderboards })
    .from(r)
    .innerJoin(leaderboards, eq(leaderboards.id, r.leaderboardId))
    .where(and(eq(r.userId, userId), isNotNull(r.paidAt), isNull(r.seenAt)))
    .orderBy(asc(r.id))
    .limit(20);
  return found.map(({ result, board }) => presentReward(catalogue, result, board, lang));
}

export function presentReward(
  catalogue: Catalogue,
  result: typeof leaderboardResults.$inferSelect,
  board: typeof leaderboards.$inferSelect,
  lang: Lang,
): TopReward {
  return { id: result.id, leaderboard_id: board.id, name: titleOf(board, lang), place: result.place, drop: presentPrizeItem(catalogue, result.itemKey, result.price, lang) };
}

/** Marks a reward seen, so its popup shows once; false when the player has no such paid reward. */
export async function markRewardSeen(db: Executor, userId: number, id: number): Promise<boolean> {
  const r = leaderboardResults;
  const [found] = await db
    .select({ id: r.id, seenAt: r.seenAt })
    .from(r)
    .where(and(eq(r.id, id), eq(r.userId, userId), isNotNull(r.paidAt)));
  if (!found) return false;
  if (!found.seenAt) await db.update(r).set({ seenAt: new Date() }).where(and(eq(r.id, id), isNull(r.seenAt)));
  return true;
}
