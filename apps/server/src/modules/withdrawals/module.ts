import type { Deps } from '../../deps.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import { withdrawalRoutes } from './routes.ts';
import { sandboxMarketRoutes } from './sandbox/market-routes.ts';

/**
 * Withdrawal to Steam (decision 018): the worker buys each withdrawn skin at the marketplace and
 * follows it to the player. With the sandbox marketplace the store serves it too, reached with
 * `sandboxKey` like a real one.
 */
export function withdrawalsModule(deps: Deps, { sandboxKey }: { sandboxKey: string | null }): StoreModule {
  const { env } = deps;
  return {
    routes: async (scope) => {
      await withdrawalRoutes(scope);
      if (sandboxKey !== null) await sandboxMarketRoutes(scope, { key: async () => sandboxKey, scale: env.VENDOR_SANDBOX_TIME_SCALE });
    },
    jobs: [deps.withdrawalWorker, deps.marketBalances.job],
  };
}
