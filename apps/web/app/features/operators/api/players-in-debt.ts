import type { z } from 'zod';
import type { operatorDebtorsResponse } from '@store/shared/api/operators';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

type DebtorsResponse = z.infer<typeof operatorDebtorsResponse>;
export type DebtorsData = Camel<DebtorsResponse>;

/** GET /api/v1/admin/players/in-debt: players whose balance went below zero (a deposit refunded or charged back after it was spent). */
export const playersInDebt = (call: ApiCaller) => call<DebtorsResponse>('/api/v1/admin/players/in-debt');
