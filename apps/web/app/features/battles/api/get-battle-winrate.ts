import type { WinrateResponse } from '@store/shared/api/battles';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type WinrateData = Camel<WinrateResponse>;

/** GET /api/v1/battles/winrate: the player's wins and losses. */
export const getBattleWinrate = (call: ApiCaller) => call<WinrateResponse>('/api/v1/battles/winrate');
