import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { paymentSettingsSaveResult, PaymentSettingsSaveBody } from '@store/shared/api/operator-payment-settings';
import { useApi } from '#app/lib/use-api.ts';
import { paymentSettingsKey } from './payment-settings.ts';

/** POST /api/v1/admin/payment-settings: a new version on top of the one edited; the page reads the versions again. */
export function useSavePaymentSettings() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettingsSaveBody) => call<z.infer<typeof paymentSettingsSaveResult>>('/api/v1/admin/payment-settings', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: paymentSettingsKey }),
  });
}
