import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pwaBonusResponse } from '@store/shared/api/pwa';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { claimPwaBonus } from './claim-bonus.ts';

/**
 * The installed app (spec §7 `GET /v1/bonus/pwa`; decision 027). A GET that pays, as the spec
 * names it: the page calls it when it finds itself running as the installed app, and a repeat
 * answers `status: false` without paying.
 */
export async function pwaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  r.get('/api/v1/bonus/pwa', { schema: { tags: ['pwa'], summary: 'Pay the bonus for running the installed app, once (a repeat pays nothing)', response: okResponse(pwaBonusResponse) } }, async (req, reply) => {
    // A GET that pays must never be answered from a cache on the way.
    reply.header('cache-control', 'no-store');
    return ok(await claimPwaBonus(db, requireUser(req).id));
  });
}
