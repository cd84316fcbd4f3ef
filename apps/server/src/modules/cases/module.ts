import type { Deps } from '../../deps.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import { findByRowNumber } from '../provably-fair/fair-games.ts';
import { caseOutcomeLines, findCaseOutcome } from './fair-outcomes.ts';
import { caseRoutes } from './routes.ts';

/** Cases: an opening rolls on the player's seed pair, so each one is a fair game the check page finds by its id. */
export function casesModule(deps: Deps): StoreModule {
  const { db, catalogue } = deps;
  deps.fairGames.register('case', {
    find: findByRowNumber((lang, n) => findCaseOutcome(db, catalogue, lang, n)),
    lines: (lang, userId, limit) => caseOutcomeLines(db, lang, userId, limit),
  });
  return { routes: caseRoutes };
}
