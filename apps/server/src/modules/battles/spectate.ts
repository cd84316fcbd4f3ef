import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { battles } from './schema.ts';
import { AppError } from '../../http/errors.ts';

/**
 * The live viewer count of a battle (distinct websocket connections on its channel, counted by
 * the hub across processes) is kept in its row, so every page and list shows the same number.
 */
export async function recordSpectators(opts: { db: Db; ulid: string; count: number }): Promise<void> {
  await opts.db.update(battles).set({ spectators: opts.count }).where(eq(battles.ulid, opts.ulid));
}

/** Refuses an unknown battle; spectators are counted from the sockets, not from calls. */
export async function requireBattle(opts: { db: Db; ulid: string }): Promise<void> {
  const [row] = await opts.db.select({ id: battles.id }).from(battles).where(eq(battles.ulid, opts.ulid)).limit(1);
  if (!row) throw new AppError('battle_not_found');
}
