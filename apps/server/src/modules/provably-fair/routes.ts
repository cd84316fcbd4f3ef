import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientSeedBody, revealedQuery, revealedResult, rotateResult, seedsResult } from '@store/shared/api/provably-fair';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { hasBattleInFlight } from '../battles/in-flight.ts';
import { listRevealedSeeds, readCurrentSeed, rotateSeed, setClientSeed } from './seeds.ts';

/**
 * A player's seeds (DESIGN, provably fair): the pair the next rolls use, readable before any play;
 * the player's own client seed; rotation, which reveals the server seed; the revealed pairs. These
 * calls work whatever the `pf` flag says: the flag only shows or hides the pages.
 */
export async function provablyFairRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['provably-fair'];

  r.get('/api/v1/provably-fair/seeds', { schema: { tags, summary: 'The current seed pair: server seed hash, client seed, next nonce', response: okResponse(seedsResult) } }, async (req) =>
    ok(await readCurrentSeed(db, requireUser(req).id)),
  );
  r.post(
    '/api/v1/provably-fair/client-seed',
    { schema: { tags, summary: 'Set the client seed used from the next roll', body: clientSeedBody, response: okResponse(seedsResult) } },
    async (req) => ok(await setClientSeed(db, requireUser(req).id, req.body.client_seed)),
  );
  r.post(
    '/api/v1/provably-fair/rotate',
    { schema: { tags, summary: 'Reveal the server seed and start a new pair', body: z.object({}).strict().optional(), response: okResponse(rotateResult) } },
    async (req) => {
      const userId = requireUser(req).id;
      return ok(await rotateSeed(db, userId, () => hasBattleInFlight(db, userId)));
    },
  );
  r.get(
    '/api/v1/provably-fair/seeds/revealed',
    { schema: { tags, summary: 'The revealed seed pairs, newest first', querystring: revealedQuery, response: okResponse(revealedResult) } },
    async (req) => ok(await listRevealedSeeds(db, requireUser(req).id, req.query.page, req.query.per_page)),
  );
}
