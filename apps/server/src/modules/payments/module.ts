import type { StoreModule } from '../../platform/store-module.ts';
import type { Experiments } from '../analytics/experiments.ts';
import { registerDepositCheck } from '../inventory/free-drop-lock.ts';
import { hasDeposited } from './first-deposit.ts';
import { paymentRoutes } from './routes.ts';

/**
 * Payments: the inventory asks it whether a player has deposited (free items stay locked until
 * then); the payment minimum follows the experiments service.
 */
export function paymentsModule({ experiments }: { experiments: Experiments }): StoreModule {
  registerDepositCheck(hasDeposited);
  return { routes: (scope) => paymentRoutes(scope, { experiments }) };
}
