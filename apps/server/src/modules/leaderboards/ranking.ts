import { and, eq, gt } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import type { Ranking, RankingRow } from '@store/shared/api/leaderboards';
import { isMoneyScore, type LeaderboardType } from '@store/shared/leaderboards';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { avatarUrl } from '../users/get-user.ts';
import { presentPrizeItem, statusOf } from './boards.ts';
import { leaderboardEntries } from './schema.ts';
import { type BoardSnapshot, placeIn, type Standing, type StandingsCache } from './standings-cache.ts';

/** A player's own row on a board, read fresh (never from a snapshot): null until they have scored. */
export async function standingOf(db: Executor, boardId: number, userId: number): Promise<Standing | null> {
  const e = leaderboardEntries;
  const [row] = await db
    .select({ userId: e.userId, score: e.score, spent: e.spent, won: e.won, reachedId: e.reachedId })
    .from(e)
    .where(and(eq(e.leaderboardId, boardId), eq(e.userId, userId), gt(e.score, 0)));
  return row ?? null;
}

/** The signed-in player's place on each board (null where they have not scored). */
export async function positionsOf(db: Executor, cache: StandingsCache, boardIds: readonly number[], userId: number): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  await Promise.all(
    boardIds.map(async (id) => {
      const [snapshot, mine] = await Promise.all([cache.get(id), standingOf(db, id, userId)]);
      out.set(id, snapshot && mine ? placeIn(snapshot, mine) : null);
    }),
  );
  return out;
}

/**
 * A board's ranking (spec §3 Ranking): every prize place in order, held or free, and the player's
 * own row. A free place is a filler saying what it takes to enter; a player below the prizes is
 * told what it takes to reach the last one (one more than its score: a tie goes to whoever got
 * there first). The leaders come from the board's snapshot; the player's own row is read fresh.
 */
export async function readRanking(opts: {
  db: Executor;
  catalogue: Catalogue;
  cache: StandingsCache;
  snapshot: BoardSnapshot;
  userId: number | null;
  now: Date;
  lang: Lang;
}): Promise<Ranking> {
  const { db, catalogue, cache, snapshot, userId, lang } = opts;
  const { board, prizes, places, top } = snapshot;
  const type = board.type as LeaderboardType;
  const money = isMoneyScore(type);
  const wire = (n: number) => (money ? toUnits(n) : n);
  const mine = userId === null ? null : await standingOf(db, board.id, userId);
  // The player's own name and level, when they are not among the listed leaders.
  const card = mine && !snapshot.names.has(mine.userId) ? await cache.playerCard(mine.userId) : null;
  const user = (s: Standing) => ({
    id: s.userId,
    avatar: avatarUrl(s.userId),
    name: snapshot.names.get(s.userId) ?? card?.name ?? '',
    level: snapshot.levels.get(s.userId) ?? card?.level ?? 0,
    earn: toUnits(s.won),
  });
  const drop = (place: number) => {
    const p = prizes[place - 1];
    return p ? presentPrizeItem(catalogue, p.itemKey, p.price, lang) : null;
  };
  const held = (s: Standing, position: number): RankingRow => {
    const d = drop(position);
    return { position, user: user(s), score: wire(s.score), spent: { amount: toUnits(s.spent) }, prize: d ? { type: 'prize', drop: d } : null, remaining: { amount: 0 } };
  };
  // The least score that enters a board: one minor unit of money, or one of what it counts.
  const enter = wire(1);
  const leaders = Array.from({ length: places }, (_, i): RankingRow => {
    const s = top[i];
    if (s) return held(s, i + 1);
    return { position: i + 1, user: null, score: 0, spent: { amount: 0 }, prize: { type: 'filler', remaining: { amount: enter }, drop: drop(i + 1) }, remaining: { amount: enter } };
  }).filter((r) => r.user !== null || prizes.length > 0);

  let me: RankingRow | null = null;
  if (mine) {
    const position = placeIn(snapshot, mine);
    me = held(mine, position);
    const last = top.filter((t) => t.userId !== mine.userId)[places - 1];
    if (position > places && prizes.length) me.remaining = { amount: last ? wire(last.score - mine.score + 1) : 0 };
  }
  return { leaderboard_id: board.id, type, status: statusOf(board, opts.now), me, leaders };
}
