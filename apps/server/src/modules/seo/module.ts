import type { StoreModule } from '../../platform/store-module.ts';
import { seoRoutes } from './routes.ts';

/** Sitemaps, robots and the page-path checks; nothing runs beside its routes. */
export const seoModule: StoreModule = { routes: seoRoutes };
