import type { BattleSummary } from '@store/shared/api/battles';
import type { ApiCaller } from '#app/lib/api.ts';

/** GET /api/v1/battles/best: the player's biggest win, or null before the first. */
export const getBestBattle = (call: ApiCaller) => call<BattleSummary | null>('/api/v1/battles/best');
