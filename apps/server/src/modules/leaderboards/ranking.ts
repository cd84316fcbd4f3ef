import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { POSITION_CAP } from '@store/shared/constants';
import type { Lang } from '@store/shared/errors';
import type { Ranking, RankingRow } from '@store/shared/api/leaderboards';
import { isMoneyScore, type LeaderboardType } from '@store/shared/leaderboards';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { levelsOfPlayers } from '../levels/player-levels.ts';
import { nicknamesOf } from '../users/accounts.ts';
import { avatarUrl } from '../users/get-user.ts';
import { type BoardRow, type PrizeRow, presentPrizeItem, statusOf } from './boards.ts';
import { leaderboardEntries } from './schema.ts';

/** Places listed when a board has no prizes to list. */
const PLAIN_LEADERS = 10;

export interface Standing {
  userId: number;
  score: number;
  spent: number;
  won: number;
  reachedId: number;
}

/** The top of a board in its order: the higher score, then the earlier to reach it (decision 016). */
export async function topStandings(db: Executor, boardId: number, limit: number): Promise<Standing[]> {
  const e = leaderboardEntries;
  return db
    .select({ userId: e.userId, score: e.score, spent: e.spent, won: e.won, reachedId: e.reachedId })
    .from(e)
    .where(and(eq(e.leaderboardId, boardId), gt(e.score, 0)))
    .orderBy(desc(e.score), asc(e.reachedId), asc(e.userId))
    .limit(limit);
}

async function standingOf(db: Executor, boardId: number, userId: number): Promise<Standing | null> {
  const e = leaderboardEntries;
  const [row] = await db
    .select({ userId: e.userId, score: e.score, spent: e.spent, won: e.won, reachedId: e.reachedId })
    .from(e)
    .where(and(eq(e.leaderboardId, boardId), eq(e.userId, userId), gt(e.score, 0)));
  return row ?? null;
}

/**
 * A player's place: one more than the players ahead. The count stops past POSITION_CAP (a place
 * beyond it shows as "1000+"), so it reads at most that many index entries however big the board.
 * The two ranges (a higher score; the same score reached earlier) each follow the board's index.
 */
export async function positionOf(db: Executor, boardId: number, s: Standing): Promise<number> {
  const [ahead] = await rows<{ n: number | string }>(
    db,
    sql`select (select count(*) from (select 1 from leaderboard_entries
                 where leaderboard_id = ${boardId} and score > ${s.score} limit ${POSITION_CAP + 1}) x)
             + (select count(*) from (select 1 from leaderboard_entries
                 where leaderboard_id = ${boardId} and score = ${s.score} and (reached_id, user_id) < (${s.reachedId}::bigint, ${s.userId}::integer)
                 limit ${POSITION_CAP + 1}) y) as n`,
  );
  return Math.min(POSITION_CAP + 1, Number(ahead?.n ?? 0) + 1);
}

/** The signed-in player's position on each board (null where they have not scored). */
export async function positionsOf(db: Executor, boardIds: readonly number[], userId: number): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  await Promise.all(
    boardIds.map(async (id) => {
      const s = await standingOf(db, id, userId);
      out.set(id, s ? await positionOf(db, id, s) : null);
    }),
  );
  return out;
}

/**
 * A board's ranking (spec §3 Ranking): every prize place in order, held or free, and the player's
 * own row. A free place is a filler saying what it takes to enter; a player below the prizes is
 * told what it takes to reach the last one (one more than its score: a tie goes to whoever got
 * there first).
 */
export async function readRanking(opts: {
  db: Executor;
  catalogue: Catalogue;
  board: BoardRow;
  prizes: readonly PrizeRow[];
  userId: number | null;
  now: Date;
  lang: Lang;
}): Promise<Ranking> {
  const { db, catalogue, board, prizes, userId, lang } = opts;
  const type = board.type as LeaderboardType;
  const money = isMoneyScore(type);
  const wire = (n: number) => (money ? toUnits(n) : n);
  const places = prizes.length || PLAIN_LEADERS;
  const [top, mine] = await Promise.all([topStandings(db, board.id, places), userId === null ? null : standingOf(db, board.id, userId)]);
  const ids = [...top.map((t) => t.userId), ...(mine ? [mine.userId] : [])];
  const [names, levels] = await Promise.all([nicknamesOf(db, ids), levelsOfPlayers(db, ids)]);
  const user = (s: Standing) => ({ id: s.userId, avatar: avatarUrl(s.userId), name: names.get(s.userId) ?? '', level: levels.get(s.userId) ?? 0, earn: toUnits(s.won) });
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
  const leaders: RankingRow[] = Array.from({ length: places }, (_, i): RankingRow => {
    const s = top[i];
    if (s) return held(s, i + 1);
    return { position: i + 1, user: null, score: 0, spent: { amount: 0 }, prize: { type: 'filler', remaining: { amount: enter }, drop: drop(i + 1) }, remaining: { amount: enter } };
  }).filter((r) => r.user !== null || prizes.length > 0);

  let me: RankingRow | null = null;
  if (mine) {
    const inTop = top.findIndex((t) => t.userId === mine.userId);
    const position = inTop >= 0 ? inTop + 1 : await positionOf(db, board.id, mine);
    me = held(mine, position);
    const last = top[places - 1];
    if (position > places && prizes.length) {
      me.remaining = { amount: last ? wire(last.score - mine.score + 1) : 0 };
    }
  }
  return { leaderboard_id: board.id, type, status: statusOf(board, opts.now), me, leaders };
}
