import type { SandboxName } from '@store/shared/api/platform';
import type { StoreMetrics } from '../../platform/metrics.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import { operationsRoutes } from './operations-routes.ts';
import { platformRoutes } from './routes.ts';

/** The store's public configuration, health, readiness and metrics. */
export function platformModule(opts: { sandboxes: readonly SandboxName[]; metrics: StoreMetrics; redis: { ping(): Promise<unknown> } | null }): StoreModule {
  return {
    routes: async (scope) => {
      await platformRoutes(scope, { sandboxes: opts.sandboxes });
      await operationsRoutes(scope, { metrics: opts.metrics, redis: opts.redis });
    },
  };
}
