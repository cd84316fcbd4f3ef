import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { TechiesGame } from '@store/shared/api/techies';
import type { Executor } from '../../db/client.ts';
import { getBalance } from '../wallet/wallet.ts';
import { presentTechiesGame } from './present-techies.ts';
import { techiesGames, type TechiesRow } from './schema.ts';

export const TECHIES_HISTORY_PAGE = 10;

/** The player's game in play, if any: a reload or a restart picks it up where it was. */
export async function findPlayingGame(db: Executor, userId: number): Promise<TechiesGame | null> {
  const [game] = await db.select().from(techiesGames).where(and(eq(techiesGames.userId, userId), eq(techiesGames.state, 'playing')));
  return game ? presentTechiesGame(game, await getBalance(db, userId)) : null;
}

/** Whether the player has a game in play: its seed pair must not be revealed before it ends. */
export async function hasTechiesInPlay(db: Executor, userId: number): Promise<boolean> {
  const found = await db.select({ id: techiesGames.id }).from(techiesGames).where(and(eq(techiesGames.userId, userId), eq(techiesGames.state, 'playing'))).limit(1);
  return found.length > 0;
}

/** The player's finished games, newest first. */
export async function listFinishedGames(db: Executor, userId: number, page: number) {
  const where = and(eq(techiesGames.userId, userId), ne(techiesGames.state, 'playing'));
  const [found, [total], balance] = await Promise.all([
    db
      .select()
      .from(techiesGames)
      .where(where)
      .orderBy(desc(techiesGames.id))
      .limit(TECHIES_HISTORY_PAGE)
      .offset((page - 1) * TECHIES_HISTORY_PAGE),
    db.select({ n: count() }).from(techiesGames).where(where),
    getBalance(db, userId),
  ]);
  return { items: found.map((g) => presentTechiesGame(g, balance)), total: total!.n, page, per_page: TECHIES_HISTORY_PAGE };
}

/** One game by id, for its provably-fair check. */
export async function findGame(db: Executor, id: number): Promise<TechiesRow | null> {
  const [game] = await db.select().from(techiesGames).where(eq(techiesGames.id, id));
  return game ?? null;
}
