import type { Env } from '../config/env.ts';
import stored from './api-examples.json' with { type: 'json' };

/** An operation's example: the body it was called with, and what the store answered. */
export interface ApiExample {
  request?: unknown;
  response: unknown;
}

/**
 * The operations integrators call most, each with an example in the document of every project's
 * store; the README names them, and api-docs.test.ts holds the three together.
 */
export const API_EXAMPLE_OPERATIONS = [
  'postV1AuthRegistrationQuick',
  'postV1AuthLogin',
  'getV1UsersMe',
  'getV1AuthSessions',
  'getV2CaseSectionsWithCases',
  'getV1CasesByName',
  'postV1CasesByNameOpen',
  'getV1InventoryGet',
  'postV1InventorySell',
  'postV1InventorySellMany',
  'postV1UpgradesUpgradeItems',
  'postV1ContractsSign',
  'postBattlesBattles',
  'postV1PaymentsTransactionStart',
  'postV1InventorySenditem',
  'getV1EventCurrent',
  'getV1Challenge',
  'getV2TopActive',
  'getV2TopRankingById',
] as const;

/** Each project's examples by operationId: what that project's store answered (scripts/api-examples.ts writes them). */
export type ApiExamples = Partial<Record<Env['PROJECT'], Record<string, ApiExample>>>;
export const API_EXAMPLES: ApiExamples = stored;
