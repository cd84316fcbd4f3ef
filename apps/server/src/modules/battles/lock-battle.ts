import { eq } from 'drizzle-orm';
import type { BattleStatus } from '@store/shared/battle';
import type { ErrorCode } from '@store/shared/errors';
import type { Tx } from '../../db/client.ts';
import { battles, battleSeats } from './schema.ts';
import { AppError } from '../../http/errors.ts';
import type { BattleRow } from './load-battles.ts';

const closedBecause: Record<Exclude<BattleStatus, 'created'>, ErrorCode> = {
  started: 'battle_started',
  finished: 'battle_finished',
  cancelled: 'battle_cancelled',
};

/**
 * Takes the battle's row lock for the rest of the transaction, so joins, leaves, starts and
 * cancels of one battle happen one after another and each sees the seats the last one left.
 * Refuses unless the battle still waits for players.
 */
export async function lockOpenBattle(tx: Tx, ulid: string): Promise<{ battle: BattleRow; seats: (typeof battleSeats.$inferSelect)[] }> {
  const [battle] = await tx.select().from(battles).where(eq(battles.ulid, ulid)).for('update');
  if (!battle) throw new AppError('battle_not_found');
  if (battle.status !== 'created') throw new AppError(closedBecause[battle.status as keyof typeof closedBecause]);
  const seats = await tx.select().from(battleSeats).where(eq(battleSeats.battleId, battle.id));
  return { battle, seats: seats.sort((a, b) => a.seat - b.seat) };
}

export const battleRef = (ulid: string) => `battle:${ulid}`;
