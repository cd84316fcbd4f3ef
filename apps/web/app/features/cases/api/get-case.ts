import type { CaseDetail } from '@store/shared/api/cases';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type CaseDetailData = Camel<CaseDetail>;
export type DropData = CaseDetailData['drops'][number];

/** GET /api/v1/cases/{name}: the case with its contents and published chances. */
export const getCase = (call: ApiCaller, slug: string) => call<CaseDetail>(`/api/v1/cases/${encodeURIComponent(slug)}`);

/** A level (daily) case: it opens free, one at a time; its old price is what it is worth. */
export const isLevelCase = (detail: Pick<CaseDetailData, 'daily'>) => detail.daily;
