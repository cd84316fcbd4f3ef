import type { StoreModule } from '../../platform/store-module.ts';
import { contentRoutes } from './routes.ts';

/** The store's texts (FAQ, legal pages); nothing runs beside its routes. */
export const contentModule: StoreModule = { routes: contentRoutes };
