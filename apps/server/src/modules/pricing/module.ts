import type { Deps } from '../../deps.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import type { FastifyInstance } from 'fastify';
import { marketApiUrl, priceSource } from '../../config/deployment.ts';
import { MarketPriceList, PRICE_LIST_CURRENCY, SandboxPriceList, type PriceSource } from './price-list.ts';
import { PriceJob } from './price-job.ts';
import { PriceWatcher } from './price-watcher.ts';
import { sandboxPriceListRoutes } from './sandbox/price-list-routes.ts';

/** The sandbox list's drift moves once per this period when the job is off (its interval otherwise). */
const SANDBOX_PERIOD_MS = 3_600_000;

/**
 * Prices that follow the market (decision 078): the price job (when `PRICE_SYNC_MS` is not 0) and,
 * in every process whatever `BACKGROUND_JOBS` says, the watcher that keeps the in-memory catalogue
 * on the database's prices. With `PRICE_SOURCE=sandbox` the store serves the sandbox market's
 * list itself and reads it through its own route, the real list's wire shape; a production start on a
 * server database refuses it unless SANDBOX names `prices` (made-up prices would move a real store's catalogue).
 */
export function pricingModule(deps: Deps) {
  const { env, db, catalogue, bus, log } = deps;
  let app: FastifyInstance | null = null;
  const sandbox = priceSource(env) === 'sandbox';
  const source: PriceSource = sandbox
    ? new SandboxPriceList(async () => {
        if (!app) throw new Error('the sandbox price list is not registered yet');
        const res = await app.inject({ method: 'GET', url: `/sandbox/prices/api/v2/prices/${PRICE_LIST_CURRENCY}.json` });
        return { statusCode: res.statusCode, body: res.body };
      })
    : new MarketPriceList({ name: 'market', baseUrl: () => marketApiUrl(env) });
  const job = new PriceJob({ db, catalogue, source, band: env.PRICE_RTP_BAND, bus, log, everyMs: env.PRICE_SYNC_MS || SANDBOX_PERIOD_MS });
  const watcher = new PriceWatcher({ db, catalogue, bus, log });
  return {
    routes: async (scope) => {
      app = scope;
      if (sandbox) await sandboxPriceListRoutes(scope, { periodMs: env.PRICE_SYNC_MS || SANDBOX_PERIOD_MS });
    },
    jobs: env.PRICE_SYNC_MS > 0 ? [job] : [],
    services: [watcher],
    /** What the console's prices page uses: the run on demand and the settings in force. */
    console: { job, watcher, source: source.name, syncMs: env.PRICE_SYNC_MS, band: env.PRICE_RTP_BAND },
  } satisfies StoreModule & Record<string, unknown>;
}

export type PricingConsole = ReturnType<typeof pricingModule>['console'];
