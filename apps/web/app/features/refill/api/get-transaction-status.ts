import { useQuery } from '@tanstack/react-query';
import type { PaymentResult } from '@store/shared/api/payments';
import { paymentStatusView } from '@store/shared/payments/status';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type PaymentResultData = Camel<PaymentResult>;
const POLL_MS = 2000;

/** GET /api/v1/payments/transaction/status?orderId=: asked again every 2 s while the order waits. */
export function useTransactionStatus(orderId: string, initial: PaymentResultData | null) {
  const call = useApi();
  return useQuery({
    queryKey: ['payment-status', orderId],
    queryFn: () => call<PaymentResult>(`/api/v1/payments/transaction/status?orderId=${encodeURIComponent(orderId)}`),
    initialData: initial ?? undefined,
    refetchInterval: (q) => (paymentStatusView(q.state.data?.status) === 'wait' ? POLL_MS : false),
  });
}
