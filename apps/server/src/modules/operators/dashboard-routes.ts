import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardQuery, dashboardResponse } from '@store/shared/api/operator-dashboard';
import { dashboardPeriod, DASHBOARD_MAX_DAYS } from '@store/shared/dashboard';
import { ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { dashboardFigures } from './dashboard.ts';

const tags = ['admin'];

/**
 * The console's dashboard (decision 031), registered in the guarded scope of `operatorRoutes`:
 * money figures, so admins only. The period defaults to the 30 days that end today.
 */
export function operatorDashboardRoutes(scope: FastifyInstance) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const { replica, catalogue, project, clock } = scope.deps;

  r.get(
    '/api/v1/admin/dashboard',
    {
      config: { operatorAction: 'dashboard.read', errors: ['dashboard_period_invalid'] },
      schema: { tags, summary: 'Money and play figures of a period (the last 30 days by default), per day, in total and per game and case', querystring: dashboardQuery, response: okResponse(dashboardResponse) },
    },
    async (req) => {
      const period = dashboardPeriod(req.query, clock.now().toISOString().slice(0, 10));
      if (!period) throw new AppError('dashboard_period_invalid', { max: DASHBOARD_MAX_DAYS });
      // Sums over whole days, from the replica (decision 084): the plays of its last moment count on the next read.
      return ok({ ...period, ...(await dashboardFigures({ db: replica, catalogue, project, ...period })) });
    },
  );
}
