import type { z } from 'zod';
import type { operatorCasesResponse } from '@store/shared/api/operator-cases';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

type CasesResponse = z.infer<typeof operatorCasesResponse>;
export type CasesData = Camel<CasesResponse>;
export type CaseSummary = CasesData['items'][number];

/** GET /api/v1/admin/cases: every case, hidden ones too, with its price, section, RTP now and openings. */
export const getCases = (call: ApiCaller) => call<CasesResponse>('/api/v1/admin/cases');
