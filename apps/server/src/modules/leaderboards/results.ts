import { and, asc, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import type { TopHistoryResponse, TopReward } from '@store/shared/api/leaderboards';
import { isMoneyScore, type LeaderboardType } from '@store/shared/leaderboards';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { levelsOfPlayers } from '../levels/player-levels.ts';
import { nicknamesOf } from '../users/accounts.ts';
import { avatarUrl } from '../users/get-user.ts';
import { presentBoardHead, presentPrizeItem, prizesOf, titleOf } from './boards.ts';
import { leaderboardResults, leaderboards } from './schema.ts';

/** Closed boards, the newest first, with every paid place and the player's own prize. */
export async function listHistory(opts: {
  db: Executor;
  catalogue: Catalogue;
  userId: number | null;
  page: number;
  perPage: number;
  lang: Lang;
  currency: string;
}): Promise<TopHistoryResponse> {
  const { db, catalogue, userId, page, perPage, lang, currency } = opts;
  const closed = eq(leaderboards.status, 'closed');
  const [boards, [total]] = await Promise.all([
    db
      .select()
      .from(leaderboards)
      .where(closed)
      .orderBy(desc(leaderboards.endsAt), desc(leaderboards.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(leaderboards).where(closed),
  ]);
  const ids = boards.map((b) => b.id);
  const [results, prizes] = await Promise.all([
    ids.length ? db.select().from(leaderboardResults).where(inArray(leaderboardResults.leaderboardId, ids)).orderBy(asc(leaderboardResults.place)) : [],
    prizesOf(db, ids),
  ]);
  const players = results.map((r) => r.userId);
  const [names, levels] = await Promise.all([nicknamesOf(db, players), levelsOfPlayers(db, players)]);
  return {
    items: boards.map((b) => {
      const money = isMoneyScore(b.type as LeaderboardType);
      const own = results.filter((r) => r.leaderboardId === b.id);
      const mine = userId === null ? undefined : own.find((r) => r.userId === userId);
      return {
        ...presentBoardHead(b, prizes.get(b.id) ?? [], lang),
        currency,
        winners: own.map((r) => {
          const item = presentPrizeItem(catalogue, r.itemKey, r.price, lang);
          return {
            position: r.place,
            user: { id: r.userId, avatar: avatarUrl(r.userId), name: names.get(r.userId) ?? '', level: levels.get(r.userId) ?? 0, earn: toUnits(r.won) },
            score: money ? toUnits(r.score) : r.score,
            prize: { id: item.id, name: item.name, image: item.image, position: r.place, price: { amount: item.price }, rarity: item.rarity, rarity_color: item.rarity_color },
          };
        }),
        mine: mine ? { place: mine.place, drop: presentPrizeItem(catalogue, mine.itemKey, mine.price, lang) } : null,
      };
    }),
    total: Number(total?.n ?? 0),
    page,
    per_page: perPage,
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
