import { marketMoney } from '../../src/modules/withdrawals/markets/market-money.ts';
import { MarketCsgoClient } from '../../src/modules/withdrawals/markets/market-csgo.ts';
import { WaxpeerClient } from '../../src/modules/withdrawals/markets/waxpeer.ts';
import type { SkinVendor } from '../../src/modules/withdrawals/vendor.ts';

/** Roubles per dollar in the tests' Waxpeer: a round number keeps the sums readable. */
export const TEST_RUB_PER_USD = 100;

/** The store's sandbox marketplace at `base` (…/sandbox/market), as the store itself reaches it. */
export const sandboxVendor = (base: string, key: () => Promise<string> | string): MarketCsgoClient =>
  new MarketCsgoClient({ name: 'sandbox', baseUrl: () => base, key, money: marketMoney('RUB') });

/** A market adapter by its VENDOR_PROVIDER name, pointed at `base` (a fake or the sandbox). */
export function vendorNamed(name: 'sandbox' | 'marketcsgo' | 'waxpeer', base: string, key: string, timeoutMs?: number): SkinVendor {
  if (name === 'waxpeer') return new WaxpeerClient({ baseUrl: base, key, game: 'csgo', money: marketMoney('USD', TEST_RUB_PER_USD), timeoutMs });
  return new MarketCsgoClient({ name, baseUrl: () => base, key: () => key, money: marketMoney('RUB'), timeoutMs });
}
