import type { Deps } from '../../deps.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import { findByRowNumber } from '../provably-fair/fair-games.ts';
import { contractOutcomeLines, findContractOutcome } from './fair-outcome.ts';
import { contractRoutes } from './routes.ts';

/** Contracts: a contract rolls on the player's seed pair, a fair game the check page finds by its id. */
export function contractsModule(deps: Deps): StoreModule {
  const { db, catalogue } = deps;
  deps.fairGames.register('contract', {
    find: findByRowNumber((lang, n) => findContractOutcome(db, catalogue, lang, n)),
    lines: (lang, userId, limit) => contractOutcomeLines(db, catalogue, lang, userId, limit),
  });
  return { routes: contractRoutes };
}
