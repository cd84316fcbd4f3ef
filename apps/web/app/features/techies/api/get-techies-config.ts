import type { TechiesConfig } from '@store/shared/api/techies';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type TechiesConfigData = Camel<TechiesConfig>;

/** GET /api/v1/techies/config: the field, the mine and stake limits, the return to player. */
export const getTechiesConfig = (call: ApiCaller) => call<TechiesConfig>('/api/v1/techies/config');
