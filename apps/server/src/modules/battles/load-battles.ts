import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { battleDrops, battles, battleSeats } from './schema.ts';
import { findCasesByIds } from '../catalogue/find-cases.ts';
import { nicknamesOf } from '../users/accounts.ts';
import { AppError } from '../../http/errors.ts';

export type BattleRow = typeof battles.$inferSelect;
export type SeatRow = typeof battleSeats.$inferSelect & { nickname: string | null };
export type DropRow = typeof battleDrops.$inferSelect;
export interface CaseMeta {
  id: number;
  slug: string;
  nameRu: string;
  nameEn: string;
  imageUrl: string | null;
  color: string;
  volatility: number;
}

/** A battle with what its pages show: seats with nicknames, revealed drops, its cases. */
export interface LoadedBattle {
  battle: BattleRow;
  seats: SeatRow[];
  /** Every revealed drop, round by round; empty when loaded for a list. */
  drops: DropRow[];
  /** Sum of each seat's revealed drops, minor units. */
  totals: Map<number, number>;
  cases: Map<number, CaseMeta>;
}

/**
 * Loads battles with their seats, drops (or only per-seat totals when `drops` is false) and
 * case details in four queries whatever their number, in the order of `rows`.
 */
export async function loadBattles(db: Executor, rows: BattleRow[], opts: { drops: boolean }): Promise<LoadedBattle[]> {
  if (!rows.length) return [];
  const ids = rows.map((b) => b.id);
  const caseIds = [...new Set(rows.flatMap((b) => b.cases.map((c) => c.caseId)))];
  const [seatRows, dropRows, totalRows, caseRows] = await Promise.all([
    db.select().from(battleSeats).where(inArray(battleSeats.battleId, ids)),
    opts.drops ? db.select().from(battleDrops).where(inArray(battleDrops.battleId, ids)) : Promise.resolve([]),
    // Lists need only each seat's running total: one summed row per seat instead of every drop.
    opts.drops
      ? Promise.resolve([])
      : db
          .select({ battleId: battleDrops.battleId, seat: battleDrops.seat, total: sql<number>`sum(${battleDrops.itemPrice})::bigint`.mapWith(Number) })
          .from(battleDrops)
          .where(inArray(battleDrops.battleId, ids))
          .groupBy(battleDrops.battleId, battleDrops.seat),
    findCasesByIds(db, caseIds),
  ]);
  const nicknames = await nicknamesOf(db, seatRows.flatMap((s) => (s.userId === null ? [] : [s.userId])));
  const caseMap = new Map(caseRows.map((c) => [c.id, c]));
  return rows.map((battle) => {
    const drops = dropRows.filter((d) => d.battleId === battle.id).sort((a, b) => a.round - b.round || a.seat - b.seat);
    const totals = new Map<number, number>();
    for (const d of drops) totals.set(d.seat, (totals.get(d.seat) ?? 0) + d.itemPrice);
    for (const t of totalRows) if (t.battleId === battle.id) totals.set(t.seat, t.total);
    return {
      battle,
      seats: seatRows
        .filter((r) => r.battleId === battle.id)
        .map((r) => ({ ...r, nickname: r.userId === null ? null : (nicknames.get(r.userId) ?? null) }))
        .sort((a, b) => a.seat - b.seat),
      drops,
      totals,
      cases: caseMap,
    };
  });
}

export async function findBattle(db: Executor, ulid: string): Promise<BattleRow> {
  const [row] = await db.select().from(battles).where(eq(battles.ulid, ulid)).limit(1);
  if (!row) throw new AppError('battle_not_found');
  return row;
}

export async function loadBattle(db: Executor, ulid: string): Promise<LoadedBattle> {
  const [loaded] = await loadBattles(db, [await findBattle(db, ulid)], { drops: true });
  return loaded!;
}
