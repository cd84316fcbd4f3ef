import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { battles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/**
 * A viewer opens or closes a battle's page. The count lives in the battle's row, so every
 * process shows the same number; it never drops below zero.
 */
export async function countSpectator(opts: { db: Db; ulid: string; delta: 1 | -1 }): Promise<number> {
  const [row] = await opts.db
    .update(battles)
    .set({ spectators: sql`greatest(${battles.spectators} + ${opts.delta}, 0)` })
    .where(eq(battles.ulid, opts.ulid))
    .returning({ spectators: battles.spectators });
  if (!row) throw new AppError('battle_not_found');
  return row.spectators;
}
