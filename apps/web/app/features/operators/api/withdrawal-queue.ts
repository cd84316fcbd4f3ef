import type { z } from 'zod';
import type { operatorWithdrawalsResponse } from '@store/shared/api/operator-queue';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { queueQueryOf, type WithdrawalFilter } from '../utils/withdrawal-filter.ts';

type QueueResponse = z.infer<typeof operatorWithdrawalsResponse>;
export type WithdrawalQueueData = Camel<QueueResponse>;
export type QueuedWithdrawal = WithdrawalQueueData['items'][number];

/** GET /api/v1/admin/withdrawals: those needing an operator, or all, newest first. */
export const getWithdrawalQueue = (call: ApiCaller, filter: WithdrawalFilter) => call<QueueResponse>(`/api/v1/admin/withdrawals?${queueQueryOf(filter)}`);
