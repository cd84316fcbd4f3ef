import type { BattleCasesResponse } from '@store/shared/api/battles';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type BattleCasesData = Camel<BattleCasesResponse>;
export type BattleCaseData = BattleCasesData['lastCases'][number];
export type BattleCaseCardData = BattleCasesData['sections'][number]['cases'][number];

/** GET /api/battles/cases: the sections of cases allowed in battles, the player's recent ones, the round limit. */
export const getBattleCases = (call: ApiCaller) => call<BattleCasesResponse>('/api/battles/cases');
