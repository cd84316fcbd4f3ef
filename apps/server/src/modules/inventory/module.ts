import type { StoreModule } from '../../platform/store-module.ts';
import { inventoryRoutes } from './routes.ts';

/** The inventory: selling and exchanging won items; nothing runs beside its routes. */
export const inventoryModule: StoreModule = { routes: inventoryRoutes };
