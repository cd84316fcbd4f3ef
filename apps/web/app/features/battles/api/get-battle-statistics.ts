import type { BattleStatisticsResponse } from '@store/shared/api/battles';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type BattleStatisticsData = Camel<BattleStatisticsResponse>;

/** GET /api/battles/statistics: the signed-in player's battles, wins, best win and win rate. */
export const getBattleStatistics = (call: ApiCaller) => call<BattleStatisticsResponse>('/api/battles/statistics');
