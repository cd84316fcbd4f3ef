import type { PricesResponse } from '@store/shared/api/operator-prices';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type PricesData = Camel<PricesResponse>;
export type PriceMoversSince = PricesResponse['movers']['since'];

/** GET /api/v1/admin/prices: runs, the catalogue's value, movers, skins without a price, cases out of band (decision 078). */
export const getPrices = (call: ApiCaller, movers: PriceMoversSince) => call<PricesResponse>(`/api/v1/admin/prices?movers=${movers}`);
