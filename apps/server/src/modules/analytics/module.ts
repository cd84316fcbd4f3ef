import type { Deps } from '../../deps.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import { analyticsSandboxRoutes, sandboxVariants } from './sandbox/routes.ts';
import { webVitalReadings, type WebVitalsSource } from './web-vitals.ts';
import { webVitalsRoutes } from './web-vitals-routes.ts';

/**
 * Analytics (decision 051): real players' page figures for the console, read from the configured
 * provider or from this store's sandbox, which then also serves the tracking and experiments calls.
 */
export function analyticsModule(deps: Deps, { sandbox }: { sandbox: boolean }): StoreModule {
  const { env } = deps;
  const webVitals = webVitalReadings();
  const source: WebVitalsSource = env.ANALYTICS_URL ? { kind: 'provider', url: env.ANALYTICS_URL } : sandbox ? { kind: 'sandbox', readings: webVitals } : { kind: 'off' };
  return {
    routes: async (scope) => {
      if (sandbox) await analyticsSandboxRoutes(scope, { variants: sandboxVariants(env), webVitals });
      await webVitalsRoutes(scope, { source });
    },
  };
}
