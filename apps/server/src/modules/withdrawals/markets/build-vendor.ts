import type { Env } from '../../../config/env.ts';
import { marketApiUrl } from '../../../config/deployment.ts';
import type { SkinVendor } from '../vendor.ts';
import { FailoverVendor } from './failover-vendor.ts';
import { marketMoney } from './market-money.ts';
import { MarketCsgoClient } from './market-csgo.ts';
import { WaxpeerClient } from './waxpeer.ts';

/**
 * The marketplaces of VENDOR_PROVIDER, in its order: one is used as it is, several through
 * `FailoverVendor`. The sandbox is reached over HTTP at `sandbox.baseUrl` like a real market.
 * The start has already refused a real market whose settings are missing (`deploymentProblems`).
 */
export function buildVendor(env: Env, sandbox: { baseUrl: () => string; key: () => string }): SkinVendor {
  const markets = env.VENDOR_PROVIDER.map((name): SkinVendor => {
    switch (name) {
      case 'sandbox':
        return new MarketCsgoClient({ name, baseUrl: sandbox.baseUrl, key: sandbox.key, money: marketMoney('RUB') });
      case 'marketcsgo':
        return new MarketCsgoClient({
          name,
          baseUrl: () => marketApiUrl(env),
          key: () => env.MARKET_API_KEY!,
          money: marketMoney(env.MARKET_CURRENCY, env.MARKET_CURRENCY === 'USD' ? env.FX_RUB_PER_USD : env.FX_RUB_PER_EUR),
        });
      case 'waxpeer':
        return new WaxpeerClient({ baseUrl: env.WAXPEER_API_URL, key: env.WAXPEER_API_KEY!, game: env.PROJECT === 'dota' ? 'dota2' : 'csgo', money: marketMoney('USD', env.FX_RUB_PER_USD) });
    }
  });
  return markets.length === 1 ? markets[0]! : new FailoverVendor(markets);
}
