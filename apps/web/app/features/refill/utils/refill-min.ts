import { minSumChangedOf } from '@store/shared/analytics';
import { methodMin, type PaymentMethod } from '@store/shared/payments/countries';

/**
 * The minimum the refill page shows and checks for a method: the change-min-sum experiment's
 * variant decides between the table's current minimum and the one from before (spec §7), by the
 * same `methodMin` the server enforces with the same answer (decision 051). No variant yet: the
 * current minimum.
 */
export const refillMin = (method: Pick<PaymentMethod, 'min' | 'defaultMin'>, variant: string | undefined): number =>
  methodMin(method, { minSumChanged: minSumChangedOf(variant) });
