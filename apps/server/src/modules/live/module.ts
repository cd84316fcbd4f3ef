import type { StoreModule } from '../../platform/store-module.ts';
import { liveRoutes } from './routes.ts';

/** The live ribbon and the footer's figures; nothing runs beside its routes. */
export const liveModule: StoreModule = { routes: liveRoutes };
