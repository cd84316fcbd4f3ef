import type { BattleStatistic } from '@store/shared/api/battles';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type BattleStatisticData = Camel<BattleStatistic>;

/** GET /api/v1/battles/statistic: the player's battles in money: spent, won, profit, best win. */
export const getBattleStatistic = (call: ApiCaller) => call<BattleStatistic>('/api/v1/battles/statistic');
