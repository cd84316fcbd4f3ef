import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { webVitalsQuery, webVitalsResponse } from '@store/shared/api/analytics';
import { ok, okResponse } from '../../http/envelope.ts';
import { installOperatorGuard } from '../../http/operator-guard.ts';
import { webVitalsReport, type WebVitalsSource } from './web-vitals.ts';

/**
 * The console dashboard's page figures (decision 066): each page's 75th percentile of each
 * metric real players' browsers reported, over the last 24 hours, 7 or 30 days. Beside the money
 * figures on the dashboard, so the same admins read them.
 */
export async function webVitalsRoutes(app: FastifyInstance, opts: { source: WebVitalsSource }) {
  await app.register(async (scope) => {
    installOperatorGuard(scope);
    scope.withTypeProvider<ZodTypeProvider>().get(
      '/api/v1/admin/web-vitals',
      {
        config: { operatorAction: 'dashboard.read' },
        schema: {
          tags: ['admin'],
          summary: "Real players' page figures: each page's 75th percentile of LCP, INP, CLS, FCP and TTFB over the last 24 hours, 7 or 30 days",
          querystring: webVitalsQuery,
          response: okResponse(webVitalsResponse),
        },
      },
      async (req) => ok(webVitalsReport(opts.source, req.query.period, app.deps.clock.now())),
    );
  });
}
