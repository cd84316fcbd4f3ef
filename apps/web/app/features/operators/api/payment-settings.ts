import { useQuery } from '@tanstack/react-query';
import type { PaymentSettingsResponse } from '@store/shared/api/operator-payment-settings';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type PaymentSettingsData = Camel<PaymentSettingsResponse>;
export const paymentSettingsKey = ['operators', 'payment-settings'] as const;

/** GET /api/v1/admin/payment-settings: the version in force and every version, newest first. */
export const getPaymentSettings = (call: ApiCaller) => call<PaymentSettingsResponse>('/api/v1/admin/payment-settings');

export function usePaymentSettings(initial: PaymentSettingsData) {
  const call = useApi();
  return useQuery({ queryKey: paymentSettingsKey, queryFn: () => getPaymentSettings(call), initialData: initial, staleTime: 5_000 });
}
