import type { StoreModule } from '../../platform/store-module.ts';
import { catalogueRoutes } from './routes.ts';

/** The catalogue: item and case pages' data; it runs nothing beside its routes. */
export const catalogueModule: StoreModule = { routes: catalogueRoutes };
