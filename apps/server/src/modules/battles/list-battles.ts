import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { BattleHistoryQuery, BattleHistoryResponse, BattlesQuery, BattlesResponse, BattleStatusResponse, BattleSummary } from '@store/shared/api/battles';
import { BATTLE_STATUSES } from '@store/shared/battle';
import type { Lang } from '@store/shared/errors';
import type { Executor } from '../../db/client.ts';
import { battles, battleSeats } from './schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { loadBattles, type BattleRow } from './load-battles.ts';
import { presentSummary } from './present-battle.ts';

const knownStatuses = (asked: string[] | undefined, fallback: string[]) => {
  const list = (asked ?? []).filter((s) => (BATTLE_STATUSES as readonly string[]).includes(s));
  return list.length ? list : fallback;
};

async function summaries(db: Executor, rows: BattleRow[], lang: Lang, catalogue: Catalogue): Promise<BattleSummary[]> {
  return (await loadBattles(db, rows, { drops: false })).map((l) => presentSummary(l, lang, catalogue));
}

/** GET /api/battles: battles waiting for players or playing, for the lobby. */
export async function listOpenBattles(opts: { db: Executor; catalogue: Catalogue; lang: Lang; query: BattlesQuery }): Promise<BattlesResponse> {
  const { db, query } = opts;
  const order = query.direction === 0 ? asc : desc;
  const rows = await db
    .select()
    .from(battles)
    .where(inArray(battles.status, knownStatuses(query.statuses, ['created', 'started'])))
    .orderBy(query.sort === 'price' ? order(battles.price) : order(battles.createdAt), order(battles.id))
    .limit(query.per_page + 1)
    .offset((query.page - 1) * query.per_page);
  return { battles: await summaries(db, rows.slice(0, query.per_page), opts.lang, opts.catalogue), has_next: rows.length > query.per_page };
}

/**
 * GET /api/v1/battles: battle history, newest first: the signed-in player's own (`private=1`), one
 * player's (`user_id`), or everybody's.
 */
export async function listBattleHistory(opts: { db: Executor; catalogue: Catalogue; lang: Lang; query: BattleHistoryQuery; viewerId: number | null }): Promise<BattleHistoryResponse> {
  const { db, query } = opts;
  if (query.private && !opts.viewerId) throw new AppError('authentication');
  const playerId = query.private ? opts.viewerId : (query.user_id ?? null);
  const where: SQL[] = [inArray(battles.status, knownStatuses(query.statuses, [...BATTLE_STATUSES]))];
  if (playerId) where.push(inArray(battles.id, db.select({ id: battleSeats.battleId }).from(battleSeats).where(eq(battleSeats.userId, playerId))));
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(battles)
      .where(and(...where))
      .orderBy(desc(battles.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(battles).where(and(...where)),
  ]);
  return { items: await summaries(db, rows, opts.lang, opts.catalogue), total: total[0]?.n ?? 0, page: query.page, per_page: query.per_page };
}

/** GET /api/battles/status: the battle the player waits in or plays, the newest if several. */
export async function battleStatus(db: Executor, userId: number | null): Promise<BattleStatusResponse> {
  if (!userId) return { active_battle_ulid: null, in_battle: false };
  const [row] = await db
    .select({ ulid: battles.ulid })
    .from(battleSeats)
    .innerJoin(battles, eq(battles.id, battleSeats.battleId))
    .where(and(eq(battleSeats.userId, userId), inArray(battles.status, ['created', 'started'])))
    .orderBy(desc(battles.id))
    .limit(1);
  return { active_battle_ulid: row?.ulid ?? null, in_battle: Boolean(row) };
}
