import { and, eq, sql } from 'drizzle-orm';
import type { TechiesGame } from '@store/shared/api/techies';
import { toMinor, toUnits } from '@store/shared/money';
import { rollTicket } from '@store/shared/provably-fair';
import { minesFromTickets, safeCells, techiesMultiplier, techiesPayout } from '@store/shared/techies';
import type { ProjectConfig } from '../../config/projects.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { advanceNonce } from '../provably-fair/seeds.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { creditWallet, debitWallet, getBalance } from '../wallet/wallet.ts';
import { presentTechiesGame } from './present-techies.ts';
import { techiesGames, type TechiesRow } from './schema.ts';

type Rules = ProjectConfig['techies'];

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * Starts a game: the stake leaves the balance (with its ledger row) and the layout is rolled
 * from the player's active seed pair, one cursor per mine of one nonce, all in one transaction.
 * A second game while one is in play is refused, also when two starts race (the unique index
 * of games in play decides, and the loser's debit rolls back with it).
 */
export async function startTechies(opts: {
  db: Db;
  rules: Rules;
  userId: number;
  stake: number;
  mines: number;
  idempotencyKey?: IdempotencyKey;
}): Promise<TechiesGame> {
  const { db, rules, userId, mines } = opts;
  const stake = toMinor(opts.stake);
  if (stake < rules.min_stake || stake > rules.max_stake) {
    throw new AppError('techies_stake_range', { min: toUnits(rules.min_stake), max: toUnits(rules.max_stake) });
  }
  try {
    const { value } = await runOnce(db, { userId, key: opts.idempotencyKey, route: 'techies_start' }, async (tx) => {
      const playing = await tx.select({ id: techiesGames.id }).from(techiesGames).where(and(eq(techiesGames.userId, userId), eq(techiesGames.state, 'playing')));
      if (playing.length) throw new AppError('techies_game_in_progress');
      const seed = await advanceNonce(tx, userId);
      const tickets = Array.from({ length: mines }, (_, cursor) => rollTicket({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce, cursor }));
      const [game] = await tx
        .insert(techiesGames)
        .values({
          userId,
          stake,
          minesCount: mines,
          mines: minesFromTickets(tickets),
          tickets,
          rtp: Math.round(rules.rtp * 10_000),
          seedPairId: seed.id,
          serverSeedHash: seed.serverSeedHash,
          clientSeed: seed.clientSeed,
          nonce: seed.nonce,
          cursor: 0,
          ticket: tickets[0]!,
        })
        .returning();
      const balance = await debitWallet({ tx, userId, amount: stake, reason: 'techies_stake', ref: `techies:${game!.id}`, meta: { mines } });
      return presentTechiesGame(game!, balance);
    });
    return value;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('techies_game_in_progress');
    throw err;
  }
}

/** The player's game, locked for this transaction: clicks and cash-outs of one game run one after another. */
async function lockGame(tx: Tx, userId: number, gameId: number): Promise<TechiesRow> {
  const [game] = await tx
    .select()
    .from(techiesGames)
    .where(and(eq(techiesGames.id, gameId), eq(techiesGames.userId, userId)))
    .for('update');
  if (!game) throw new AppError('not_found');
  if (game.state !== 'playing') throw new AppError('techies_game_over');
  return game;
}

const multiplierOf = (game: Pick<TechiesRow, 'minesCount' | 'rtp'>, opened: number) => techiesMultiplier(game.minesCount, opened, game.rtp / 10_000);

/** Ends a game in play with a payout: the game and the credit with its ledger row together. */
async function cashOutLocked(tx: Tx, game: TechiesRow, opened: number[]): Promise<TechiesGame> {
  const payout = techiesPayout(game.stake, multiplierOf(game, opened.length));
  const [done] = await tx
    .update(techiesGames)
    .set({ opened, state: 'cashed', payout, finishedAt: sql`now()` })
    .where(and(eq(techiesGames.id, game.id), eq(techiesGames.state, 'playing')))
    .returning();
  if (!done) throw new AppError('techies_game_over');
  const balance = await creditWallet({ tx, userId: game.userId, amount: payout, reason: 'techies_payout', ref: `techies:${game.id}`, meta: { opened: opened.length } });
  return presentTechiesGame(done, balance);
}

/**
 * Opens one cell of a game in play: a mine ends it lost (the stake stays with the store); a safe
 * cell raises the multiplier, and the last safe cell cashes out by itself.
 */
export async function openTechiesCell(opts: { db: Db; userId: number; gameId: number; cell: number }): Promise<TechiesGame> {
  const { db, userId, gameId, cell } = opts;
  return db.transaction(async (tx) => {
    const game = await lockGame(tx, userId, gameId);
    if (game.opened.includes(cell)) throw new AppError('techies_cell_opened');
    if (game.mines.includes(cell)) {
      const [lost] = await tx
        .update(techiesGames)
        .set({ state: 'lost', hit: cell, payout: 0, finishedAt: sql`now()` })
        .where(and(eq(techiesGames.id, game.id), eq(techiesGames.state, 'playing')))
        .returning();
      return presentTechiesGame(lost!, await getBalance(tx, userId));
    }
    const opened = [...game.opened, cell];
    if (opened.length === safeCells(game.minesCount)) return cashOutLocked(tx, game, opened);
    const [next] = await tx
      .update(techiesGames)
      .set({ opened })
      .where(and(eq(techiesGames.id, game.id), eq(techiesGames.state, 'playing')))
      .returning();
    return presentTechiesGame(next!, await getBalance(tx, userId));
  });
}

/** Cashes out a game in play after at least one safe cell; a second cash-out finds it over. */
export async function cashOutTechies(opts: { db: Db; userId: number; gameId: number }): Promise<TechiesGame> {
  return opts.db.transaction(async (tx) => {
    const game = await lockGame(tx, opts.userId, opts.gameId);
    if (!game.opened.length) throw new AppError('techies_open_first');
    return cashOutLocked(tx, game, game.opened);
  });
}
