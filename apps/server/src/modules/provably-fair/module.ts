import type { StoreModule } from '../../platform/store-module.ts';
import { provablyFairRoutes } from './routes.ts';

/** Seeds and the check page's outcomes; the games register themselves with its `FairGames`. */
export const provablyFairModule: StoreModule = { routes: provablyFairRoutes };
