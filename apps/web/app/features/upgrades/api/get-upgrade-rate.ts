import type { UpgradeRateResponse } from '@store/shared/api/upgrades';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type UpgradeRateData = Camel<UpgradeRateResponse>;

/** GET /api/v1/upgrade-rate: the rate and limits of the project configuration. */
export const getUpgradeRate = (call: ApiCaller) => call<UpgradeRateResponse>('/api/v1/upgrade-rate');
