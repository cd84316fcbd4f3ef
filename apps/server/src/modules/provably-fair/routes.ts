import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientSeedBody,
  fairOutcome,
  myOutcomesQuery,
  myOutcomesResult,
  oddsVersion,
  outcomeParams,
  revealedQuery,
  revealedResult,
  rotateResult,
  seedsResult,
} from '@store/shared/api/provably-fair';
import { idParam } from '@store/shared/api/common';
import { AppError } from '../../http/errors.ts';
import { langOf } from '../../http/lang.ts';
import { findOddsVersions } from '../catalogue/find-cases.ts';
import { presentOddsRanges } from '../catalogue/present-odds.ts';
import { findOutcome, listMyOutcomes } from './outcomes.ts';
import { requireUser } from '../../http/auth.ts';
import { noBody, ok, okResponse } from '../../http/envelope.ts';
import { listRevealedSeeds, readCurrentSeed, rotateSeed, setClientSeed } from './seeds.ts';

/**
 * A player's seeds (DESIGN, provably fair): the pair the next rolls use, readable before any play;
 * the player's own client seed; rotation, which reveals the server seed; the revealed pairs. These
 * calls work whatever the `pf` flag says: the flag only shows or hides the pages.
 */
export async function provablyFairRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, catalogue, fairGames } = app.deps;
  const tags = ['provably-fair'];

  r.get('/api/v1/provably-fair/seeds', { schema: { tags, summary: 'The current seed pair: server seed hash, client seed, next nonce', response: okResponse(seedsResult) } }, async (req) =>
    ok(await readCurrentSeed(db, requireUser(req).id)),
  );
  r.post(
    '/api/v1/provably-fair/client-seed',
    { config: { errors: ['clientSeedInvalid'] }, schema: { tags, summary: 'Set the client seed used from the next roll', body: clientSeedBody, response: okResponse(seedsResult) } },
    async (req) => ok(await setClientSeed(db, requireUser(req).id, req.body.client_seed)),
  );
  r.post(
    '/api/v1/provably-fair/rotate',
    { config: { errors: ['seedRotationInGame'] }, schema: { tags, summary: 'Reveal the server seed and start a new pair', body: noBody, response: okResponse(rotateResult) } },
    async (req) => {
      const userId = requireUser(req).id;
      return ok(await rotateSeed(db, userId, (tx) => fairGames.anyInPlay(tx, userId)));
    },
  );
  r.get(
    '/api/v1/provably-fair/seeds/revealed',
    { schema: { tags, summary: 'The revealed seed pairs, newest first', querystring: revealedQuery, response: okResponse(revealedResult) } },
    async (req) => ok(await listRevealedSeeds(db, requireUser(req).id, req.query.page, req.query.per_page)),
  );

  r.get(
    '/api/v1/provably-fair/outcomes/:kind/:id',
    { config: { errors: ['outcome_not_found'] }, schema: { tags, summary: 'One outcome with everything that verifies it (public, shareable)', params: outcomeParams, response: okResponse(fairOutcome) } },
    async (req) => ok(await findOutcome(fairGames, langOf(req), req.params.kind, req.params.id)),
  );
  r.get(
    '/api/v1/provably-fair/outcomes',
    { schema: { tags, summary: "The player's own outcomes of every game, newest first", querystring: myOutcomesQuery, response: okResponse(myOutcomesResult) } },
    async (req) => ok(await listMyOutcomes(db, fairGames, langOf(req), { userId: requireUser(req).id, kind: req.query.kind, page: req.query.page, perPage: req.query.per_page })),
  );
  r.get(
    '/api/v1/provably-fair/odds/:id',
    { config: { errors: ['odds_not_found'] }, schema: { tags, summary: 'One odds version of a case, unchanged since its first roll', params: z.object({ id: idParam }), response: okResponse(oddsVersion) } },
    async (req) => {
      const found = (await findOddsVersions(db, [req.params.id])).get(req.params.id);
      if (!found) throw new AppError('odds_not_found');
      return ok({ id: found.id, case_id: found.caseId, created_at: found.createdAt.toISOString(), rtp: found.rtp / 10_000, ranges: presentOddsRanges(found.ranges, catalogue, langOf(req)) });
    },
  );
}
