import type { MarketBalancesResponse } from '@store/shared/api/operator-queue';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type MarketBalances = Camel<MarketBalancesResponse>;

/** GET /api/v1/admin/market-balances: the store's balance at each marketplace withdrawals buy from. */
export const getMarketBalances = (call: ApiCaller) => call<MarketBalancesResponse>('/api/v1/admin/market-balances');
