import type { StoreModule } from '../../platform/store-module.ts';
import { pwaRoutes } from './routes.ts';

/** The installed app's manifest and its one-time bonus; nothing runs beside its routes. */
export const pwaModule: StoreModule = { routes: pwaRoutes };
