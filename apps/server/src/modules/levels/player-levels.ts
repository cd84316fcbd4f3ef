import { eq, inArray } from 'drizzle-orm';
import { levelFromExp } from '@store/shared/levels';
import type { Executor } from '../../db/client.ts';
import { playerLevels } from './schema.ts';

export interface PlayerLevel {
  exp: number;
  level: number;
  wasGenerated: boolean;
  firstDeposit: number | null;
  lastDepositAt: Date | null;
}

const fresh: Omit<PlayerLevel, 'level'> = { exp: 0, wasGenerated: false, firstDeposit: null, lastDepositAt: null };

/** A player's experience and level; a player who has not played yet is at level 1 with none. */
export async function findPlayerLevel(db: Executor, userId: number): Promise<PlayerLevel> {
  const [row] = await db.select().from(playerLevels).where(eq(playerLevels.userId, userId));
  const base = row ?? fresh;
  return { exp: base.exp, level: levelFromExp(base.exp).level, wasGenerated: base.wasGenerated, firstDeposit: base.firstDeposit, lastDepositAt: base.lastDepositAt };
}

/** Levels of many players at once (for seats, ribbons, tops); ids never seen are absent. */
export async function levelsOfPlayers(db: Executor, userIds: Iterable<number>): Promise<Map<number, number>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await db.select({ userId: playerLevels.userId, exp: playerLevels.exp }).from(playerLevels).where(inArray(playerLevels.userId, ids));
  const byId = new Map(rows.map((r) => [r.userId, levelFromExp(r.exp).level]));
  return new Map(ids.map((id) => [id, byId.get(id) ?? 1]));
}
