import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { healthResponse, monitoringStatus, publicConfig, type SandboxName } from '@store/shared/api/platform';
import { ok, okResponse } from '../../http/envelope.ts';
import { avatarSvg } from './avatar.ts';
import { SVG_CACHE } from '../../http/cache.ts';
import { SANDBOX_ANALYTICS_URL, SANDBOX_EXPERIMENTS_URL } from '../analytics/sandbox/routes.ts';
import { analyticsServices } from '../../config/deployment.ts';

const started = Date.now();

export async function platformRoutes(app: FastifyInstance, { sandboxes }: { sandboxes: readonly SandboxName[] }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, project, switches } = app.deps;
  const { upgrades: _upgrades, contracts: _contracts, techies: _techies, ...publicPart } = project;
  const services = analyticsServices(app.deps.env, { analytics: SANDBOX_ANALYTICS_URL, experiments: SANDBOX_EXPERIMENTS_URL });
  const config = publicConfig.parse({ ...publicPart, sandboxes, services });

  // The flags as the operator left them a moment ago, in every process (switches.ts).
  r.get('/api/v1/config', { schema: { tags: ['platform'], summary: "The store's public configuration and its feature flags now", response: okResponse(publicConfig) } }, async () => ok({ ...config, flags: switches.flags() }));

  r.get('/api/health', { schema: { tags: ['platform'], summary: 'Liveness: whether the database answers (503 when not)', response: { 200: healthResponse, 503: healthResponse } } }, async (_req, reply) => {
    const dbOk = await db.execute(sql`select 1`).then(() => true, () => false);
    return reply.code(dbOk ? 200 : 503).send({ ok: dbOk, db: dbOk, uptime_s: Math.round((Date.now() - started) / 1000) });
  });

  // Spec §7: the web app shows the tech-work page while this says offline (`npm run admin -- techwork on`).
  r.get('/api/v1/monitoring/status', { schema: { tags: ['platform'], summary: 'Whether the store is offline for technical work', response: okResponse(monitoringStatus) } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok({ is_offline: switches.techWork().on });
  });

  r.get('/img/avatars/:key', { schema: { hide: true, params: z.object({ key: z.string().regex(/^\d{1,10}\.svg$/) }) } }, async (req, reply) =>
    reply.type('image/svg+xml').header('cache-control', SVG_CACHE).send(avatarSvg(Number(req.params.key.slice(0, -4)))),
  );
}
