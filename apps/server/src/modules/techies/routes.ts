import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toUnits } from '@store/shared/money';
import { TECHIES_CELLS, TECHIES_MAX_MINES, TECHIES_MIN_MINES } from '@store/shared/techies';
import {
  techiesCashoutBody,
  techiesConfig,
  techiesCurrent,
  techiesGame,
  techiesHistory,
  techiesHistoryQuery,
  techiesOpenBody,
  techiesStartBody,
} from '@store/shared/api/techies';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { idempotencyKey } from '../wallet/idempotency.ts';
import { findPlayingGame, listFinishedGames } from './find-games.ts';
import { cashOutTechies, openTechiesCell, startTechies } from './play-techies.ts';

/** The techies game (decision 021); while the `techies` flag is off no game starts (decision 023). */
export async function techiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, replica, project } = app.deps;
  const rules = project.techies;
  const tags = ['techies'];
  // The `techies` flag closes the config and new games (platform/feature-gates.ts); a game in play can still be finished.
  const player = (req: FastifyRequest) => requireUser(req).id;

  r.get('/api/v1/techies/config', { schema: { tags, summary: 'The field, mine counts, stake bounds and return to player', response: okResponse(techiesConfig) } }, async () => {
    return ok({
      cells: TECHIES_CELLS,
      min_mines: TECHIES_MIN_MINES,
      max_mines: TECHIES_MAX_MINES,
      min_stake: toUnits(rules.min_stake),
      max_stake: toUnits(rules.max_stake),
      rtp: rules.rtp,
    });
  });
  r.get('/api/v1/techies/game', { config: { caller: 'player' }, schema: { tags, summary: "The player's game in play, or null", response: okResponse(techiesCurrent) } }, async (req) =>
    ok({ game: await findPlayingGame(db, player(req)) }),
  );
  r.post('/api/v1/techies/start', { config: { caller: 'player', errors: ['techies_stake_range', 'techies_game_in_progress', 'balance_error', 'idempotency_key_reused'] }, schema: { tags, summary: 'Stake and start a game; the layout is rolled now', body: techiesStartBody, response: okResponse(techiesGame) } }, async (req) =>
    ok(await startTechies({ db, rules, userId: player(req), stake: req.body.stake, mines: req.body.mines, idempotencyKey: idempotencyKey(req) })),
  );
  r.post('/api/v1/techies/open', { config: { caller: 'player', errors: ['not_found', 'techies_game_over', 'techies_cell_opened'] }, schema: { tags, summary: 'Open one cell of the game in play', body: techiesOpenBody, response: okResponse(techiesGame) } }, async (req) =>
    ok(await openTechiesCell({ db, userId: player(req), gameId: req.body.game_id, cell: req.body.cell })),
  );
  r.post('/api/v1/techies/cashout', { config: { caller: 'player', errors: ['not_found', 'techies_game_over', 'techies_open_first'] }, schema: { tags, summary: 'Take the payout of the game in play', body: techiesCashoutBody, response: okResponse(techiesGame) } }, async (req) =>
    ok(await cashOutTechies({ db, userId: player(req), gameId: req.body.game_id })),
  );
  // Finished games only, from the replica (decision 084): the cash-out's answer is the game's end, and the list may take the replica's lag to show it.
  r.get('/api/v1/techies/history', { config: { caller: 'player' }, schema: { tags, summary: "The player's finished games, newest first", querystring: techiesHistoryQuery, response: okResponse(techiesHistory) } }, async (req) =>
    ok(await listFinishedGames(replica, player(req), req.query.page)),
  );
}
