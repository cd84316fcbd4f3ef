import type { StoreModule } from '../../platform/store-module.ts';
import type { Experiments } from '../analytics/experiments.ts';
import { registerDepositCheck } from '../inventory/free-drop-lock.ts';
import { hasDeposited } from './first-deposit.ts';
import { PaymentReconciler } from './reconcile-payments.ts';
import { paymentRoutes } from './routes.ts';

/**
 * Payments: the inventory asks it whether a player has deposited (free items stay locked until
 * then); the payment minimum follows the experiments service. Its job looks up the orders whose
 * callback never came (decision 072).
 */
export function paymentsModule({ experiments }: { experiments: Experiments }): StoreModule & { reconciler: PaymentReconciler } {
  registerDepositCheck(hasDeposited);
  const reconciler = new PaymentReconciler();
  return { routes: (scope) => paymentRoutes(scope, { experiments, reconciler }), jobs: [reconciler], reconciler };
}
