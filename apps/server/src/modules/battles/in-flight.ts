import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { battles, battleSeats } from './schema.ts';

/** Whether the player sits in a battle still waiting or playing (a seed rotation waits for it to end). */
export async function hasBattleInFlight(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: battles.id })
    .from(battleSeats)
    .innerJoin(battles, eq(battles.id, battleSeats.battleId))
    .where(and(eq(battleSeats.userId, userId), inArray(battles.status, ['created', 'started'])))
    .limit(1);
  return rows.length > 0;
}
