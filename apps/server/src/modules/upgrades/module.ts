import type { Deps } from '../../deps.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import { findByRowNumber } from '../provably-fair/fair-games.ts';
import { findUpgradeOutcome, upgradeOutcomeLines } from './fair-outcome.ts';
import { upgradeRoutes } from './routes.ts';

/** Upgrades: the wheel rolls on the player's seed pair, a fair game the check page finds by its id. */
export function upgradesModule(deps: Deps): StoreModule {
  const { db, catalogue } = deps;
  deps.fairGames.register('upgrade', {
    find: findByRowNumber((lang, n) => findUpgradeOutcome(db, catalogue, lang, n)),
    lines: (lang, userId, limit) => upgradeOutcomeLines(db, catalogue, lang, userId, limit),
  });
  return { routes: upgradeRoutes };
}
