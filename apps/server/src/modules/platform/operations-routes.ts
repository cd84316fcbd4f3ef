import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHash, timingSafeEqual } from 'node:crypto';
import { readyResponse } from '@store/shared/api/platform';
import type { Env } from '../../config/env.ts';
import type { StoreMetrics } from '../../platform/metrics.ts';
import { checkReadiness } from './check-readiness.ts';

/**
 * Who may read /metrics (decision 036): with METRICS_TOKEN, whoever presents it as a bearer
 * token; without it, anyone in development and tests, and nobody in production, where the
 * route does not exist.
 */
export function metricsAccess(env: Pick<Env, 'METRICS_TOKEN' | 'NODE_ENV'>): 'token' | 'open' | 'off' {
  if (env.METRICS_TOKEN) return 'token';
  return env.NODE_ENV === 'production' ? 'off' : 'open';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The operator's endpoints: the readiness check and the Prometheus scrape. */
export async function operationsRoutes(app: FastifyInstance, opts: { metrics: StoreMetrics; redis: { ping(): Promise<unknown> } | null }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;

  r.get(
    '/api/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: the database, Redis and migrations',
        response: { 200: readyResponse, 503: readyResponse },
      },
    },
    async (_req, reply) => {
      const answer = await checkReadiness({ db, redis: opts.redis });
      // While the process shuts down Fastify answers 503 before any handler (return503OnClosing).
      return reply
        .code(answer.ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(answer);
    },
  );

  const access = metricsAccess(env);
  if (access === 'off') return;
  const expected = env.METRICS_TOKEN ? digest(`Bearer ${env.METRICS_TOKEN}`) : null;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    // Hashes of equal length, compared in constant time: the answer does not tell how much matched.
    if (expected && !timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').type('text/plain').send('unauthorized\n');
    }
    const { contentType, body } = await opts.metrics.scrape();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}
