import type { z } from 'zod';
import type { auditResponse } from '@store/shared/api/operators';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { auditQueryOf, type AuditFilter } from '../utils/audit-filter.ts';

type AuditResponse = z.infer<typeof auditResponse>;
export type AuditData = Camel<AuditResponse>;

/** GET /api/v1/admin/audit: what operators did, newest first, by operator and/or target. */
export const getAudit = (call: ApiCaller, filter: AuditFilter) => call<AuditResponse>(`/api/v1/admin/audit?${auditQueryOf(filter)}`);
