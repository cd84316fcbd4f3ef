import type { WebVitalsPeriod } from '@store/shared/web-vitals';
import type { WebVitalsResponse } from '@store/shared/api/analytics';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type WebVitalsData = Camel<WebVitalsResponse>;

/** GET /api/v1/admin/web-vitals: each page's 75th percentile of each metric over the period (admins only). */
export const getWebVitals = (call: ApiCaller, period: WebVitalsPeriod) => call<WebVitalsResponse>(`/api/v1/admin/web-vitals?period=${period}`);
