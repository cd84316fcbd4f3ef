import type { CaseDetail } from '@store/shared/api/cases';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type CaseDetailData = Camel<CaseDetail>;
export type DropData = CaseDetailData['drops'][number];

/** GET /api/v1/cases/{name}: the case with its contents and published chances. */
export const getCase = (call: ApiCaller, slug: string) => call<CaseDetail>(`/api/v1/cases/${encodeURIComponent(slug)}`);
