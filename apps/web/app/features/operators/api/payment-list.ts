import type { z } from 'zod';
import type { operatorPaymentsResponse } from '@store/shared/api/operator-queue';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { queueQueryOf, type PaymentFilter } from '../utils/withdrawal-filter.ts';

type PaymentsResponse = z.infer<typeof operatorPaymentsResponse>;
export type PaymentListData = Camel<PaymentsResponse>;

/** GET /api/v1/admin/payments: by order, provider reference, promo code or player, newest first. */
export const getPayments = (call: ApiCaller, filter: PaymentFilter) => call<PaymentsResponse>(`/api/v1/admin/payments?${queueQueryOf(filter)}`);
