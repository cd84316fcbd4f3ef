import type { Deps } from '../../deps.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import { findByRowNumber } from '../provably-fair/fair-games.ts';
import { findTechiesOutcome, techiesOutcomeLines } from './fair-outcome.ts';
import { hasTechiesInPlay } from './find-games.ts';
import { techiesRoutes } from './routes.ts';

/** Techies: the mines are laid from the player's seed pair, a fair game; a game in play keeps its server seed from being revealed. */
export function techiesModule(deps: Deps): StoreModule {
  const { db } = deps;
  deps.fairGames.register('techies', {
    find: findByRowNumber((_lang, n) => findTechiesOutcome(db, n)),
    lines: (lang, userId, limit) => techiesOutcomeLines(db, lang, userId, limit),
    inPlay: (tx, userId) => hasTechiesInPlay(tx, userId),
  });
  return { routes: techiesRoutes };
}
