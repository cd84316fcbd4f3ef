import type { Lang } from '@store/shared/errors';
import type { techiesOutcome } from '@store/shared/api/provably-fair';
import { toUnits } from '@store/shared/money';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { singleRollOutcome } from '../provably-fair/outcome-base.ts';
import { findGame } from './find-games.ts';
import { gameMultiplier } from './present-techies.ts';
import { newestOfPlayer, type OutcomeLine } from '../provably-fair/outcome-summary.ts';
import { techiesGames } from './schema.ts';

/**
 * One techies game with everything that verifies it: one roll per mine (cursors 0..m − 1 of one
 * nonce). While the game is played its tickets and layout stay hidden, or the page would show
 * where the mines are.
 */
export async function findTechiesOutcome(db: Executor, id: number): Promise<z.infer<typeof techiesOutcome> | null> {
  const game = await findGame(db, id);
  if (!game) return null;
  const over = game.state !== 'playing';
  const base = await singleRollOutcome(db, game);
  return {
    kind: 'techies',
    ...base,
    rolls: over ? game.tickets.map((ticket, cursor) => ({ nonce: game.nonce, cursor, ticket })) : [],
    state: game.state as 'playing' | 'cashed' | 'lost',
    stake: toUnits(game.stake),
    mines_count: game.minesCount,
    mines: over ? game.mines : null,
    opened: game.opened,
    hit: game.hit,
    multiplier: gameMultiplier(game),
    payout: game.payout === null ? null : toUnits(game.payout),
  };
}

/** The player's newest games as outcome lines, titled by their mine count. */
export async function techiesOutcomeLines(db: Executor, lang: Lang, userId: number, limit: number): Promise<{ lines: OutcomeLine[]; total: number }> {
  const { found, total } = await newestOfPlayer(
    db,
    { table: techiesGames, userId: techiesGames.userId, id: techiesGames.id },
    { id: techiesGames.id, createdAt: techiesGames.createdAt, nonce: techiesGames.nonce, seedPairId: techiesGames.seedPairId, mines: techiesGames.minesCount },
    userId,
    limit,
  );
  const title = (mines: number) => (lang === 'en' ? `Techies, ${mines} ${mines === 1 ? 'mine' : 'mines'}` : `Сапёр, мин: ${mines}`);
  return {
    lines: found.map((g) => ({ kind: 'techies', id: String(g.id), createdAt: g.createdAt, title: title(g.mines), nonce: g.nonce, seedPairId: g.seedPairId })),
    total,
  };
}
