import { and, eq, sql } from 'drizzle-orm';
import { expForSpend } from '@store/shared/levels';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { levelOfExp } from './experience-consumer.ts';
import { findPlayerLevel } from './player-levels.ts';
import { playerLevels } from './schema.ts';

/**
 * Generates a new player's starting level, once (spec §4 Level; decision 015): the first deposit
 * counts as experience as if it had been spent, so a player who tops up starts where their money
 * would have taken them. Refused before any deposit (`level_generation_needs_deposit`) and after
 * the first generation (`level_already_generated`); the flag flips by a conditional update, so
 * simultaneous calls credit the bonus once.
 */
export async function generateLevel(db: Db, userId: number): Promise<{ generatedExp: number }> {
  return db.transaction(async (tx) => {
    const player = await findPlayerLevel(tx, userId);
    if (player.wasGenerated) throw new AppError('level_already_generated');
    if (!player.firstDeposit) throw new AppError('level_generation_needs_deposit');
    const bonus = expForSpend(player.firstDeposit);
    const done = await tx
      .update(playerLevels)
      .set({
        wasGenerated: true,
        generatedExp: bonus,
        exp: sql`${playerLevels.exp} + ${bonus}`,
        level: levelOfExp(sql`${playerLevels.exp} + ${bonus}`),
        updatedAt: sql`now()`,
      })
      .where(and(eq(playerLevels.userId, userId), eq(playerLevels.wasGenerated, false)))
      .returning({ userId: playerLevels.userId });
    if (!done.length) throw new AppError('level_already_generated');
    return { generatedExp: bonus };
  });
}
