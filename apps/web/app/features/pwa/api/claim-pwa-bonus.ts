import type { PwaBonusResponse } from '@store/shared/api/pwa';
import type { ApiCaller } from '#app/lib/api.ts';

/** GET /api/v1/bonus/pwa: the installed app's bonus; status is true on the one call that paid it. */
export const claimPwaBonus = (call: ApiCaller) => call<PwaBonusResponse>('/api/v1/bonus/pwa');
