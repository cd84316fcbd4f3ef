import type { StoreModule } from '../../platform/store-module.ts';
import type { PricingConsole } from '../pricing/module.ts';
import { operatorRoutes } from './routes.ts';

/** The operator console's calls; what they change is announced through the modules' own events. */
export const operatorsModule = (parts: { prices: PricingConsole }): StoreModule => ({ routes: (scope) => operatorRoutes(scope, parts) });
