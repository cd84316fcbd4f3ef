import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { footerStats as footerStatsSchema, liveDropsBody, liveDropsResponse } from '@store/shared/api/live';
import { ok, okResponse } from '../../http/envelope.ts';
import { langOf } from '../../http/lang.ts';
import { footerStats } from './footer-stats.ts';
import { listDrops } from '../cases/list-drops.ts';

export async function liveRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, replica, catalogue, hub, counters } = app.deps;

  // The ribbon's backfill, from the replica (decision 084): new drops arrive on the bus, so a
  // drop of the replica's last moment shows there, not here; the recent lists hold drops back anyway.
  r.post('/api/v1/live_drop', { schema: { tags: ['live'], summary: 'The latest drops of the live feed, or only the top ones (`is_top`)', body: liveDropsBody, response: okResponse(liveDropsResponse) } }, async (req) =>
    ok(await listDrops({ db: replica, catalogue, lang: langOf(req), top: req.body?.is_top ?? false, revealMs: app.deps.reveals.delayMs('case') })),
  );

  r.get('/api/v1/footer-stats', { schema: { tags: ['live'], summary: "The footer's figures: cases opened, players, players online, battles and upgrades", response: okResponse(footerStatsSchema) } }, async () => ok(await footerStats(db, counters, await hub.online())));
}
