import type { Deps } from '../../deps.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import { numericOutcomeId } from '../provably-fair/fair-games.ts';
import { caseOutcomeLines, findCaseOutcome } from './fair-outcomes.ts';
import { caseRoutes } from './routes.ts';

/** Cases: an opening rolls on the player's seed pair, so each one is a fair game the check page finds by its id. */
export function casesModule(deps: Deps): StoreModule {
  const { db, catalogue } = deps;
  deps.fairGames.register('case', {
    find: async (lang, id) => {
      const n = numericOutcomeId(id);
      return n === null ? null : findCaseOutcome(db, catalogue, lang, n);
    },
    lines: (lang, userId, limit) => caseOutcomeLines(db, lang, userId, limit),
  });
  return { routes: caseRoutes };
}
