import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { BattleStatistic, BattleStatisticsResponse, BattleSummary, WinrateResponse } from '@store/shared/api/battles';
import type { Lang } from '@store/shared/errors';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import { battles, battleSeats } from './schema.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { loadBattles } from './load-battles.ts';
import { presentSummary } from './present-battle.ts';

/** A seat's team: the SQL twin of `teamOf` in packages/shared/src/battle.ts (sql-twins.test.ts holds them equal). */
export const teamOfSql = (mode: SQL | typeof battles.mode, seat: SQL | typeof battleSeats.seat): SQL =>
  sql`(case when ${mode} = '2v2' then (case when ${seat} <= 2 then 1 else 2 end) else ${seat} end)`;

/** The seat's team is the winning one. */
const seatWon = sql`${teamOfSql(battles.mode, battleSeats.seat)} = ${battles.winnerTeam}`;

/** One player's finished battles in figures. */
async function tally(db: Executor, userId: number) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`.mapWith(Number),
      wins: sql<number>`count(*) filter (where ${seatWon})::int`.mapWith(Number),
      spent: sql<number>`coalesce(sum(${battleSeats.paid} - ${battleSeats.refunded}), 0)::bigint`.mapWith(Number),
      won: sql<number>`coalesce(sum(${battleSeats.won}), 0)::bigint`.mapWith(Number),
      best: sql<number>`coalesce(max(${battleSeats.won}), 0)::bigint`.mapWith(Number),
    })
    .from(battleSeats)
    .innerJoin(battles, eq(battles.id, battleSeats.battleId))
    .where(and(eq(battleSeats.userId, userId), eq(battles.status, 'finished')));
  return row ?? { count: 0, wins: 0, spent: 0, won: 0, best: 0 };
}

/** GET /api/battles/statistics. */
export async function battleStatistics(db: Executor, userId: number): Promise<BattleStatisticsResponse> {
  const t = await tally(db, userId);
  return { all_count: t.count, max_win: toUnits(t.best), wins_count: t.wins, wins_percent: t.count ? Math.round((t.wins / t.count) * 10_000) / 100 : 0 };
}

/** GET /api/v1/battles/statistic. */
export async function battleStatistic(db: Executor, userId: number): Promise<BattleStatistic> {
  const t = await tally(db, userId);
  return { count: t.count, wins: t.wins, losses: t.count - t.wins, spent: toUnits(t.spent), won: toUnits(t.won), profit: toUnits(t.won - t.spent), best_win: toUnits(t.best) };
}

/** GET /api/v1/battles/winrate. */
export async function battleWinrate(db: Executor, userId: number): Promise<WinrateResponse> {
  const t = await tally(db, userId);
  return { win: t.wins, lose: t.count - t.wins };
}

/** GET /api/v1/battles/best: the player's battle that gave them the most, or null. */
export async function bestBattle(opts: { db: Executor; catalogue: Catalogue; lang: Lang; userId: number }): Promise<BattleSummary | null> {
  const { db } = opts;
  const rows = await db
    .select({ battle: battles })
    .from(battleSeats)
    .innerJoin(battles, eq(battles.id, battleSeats.battleId))
    .where(and(eq(battleSeats.userId, opts.userId), eq(battles.status, 'finished'), seatWon))
    .orderBy(desc(battleSeats.won), desc(battles.id))
    .limit(1);
  if (!rows[0]) return null;
  const [loaded] = await loadBattles(db, [rows[0].battle], { drops: false });
  return presentSummary(loaded!, opts.lang, opts.catalogue);
}
