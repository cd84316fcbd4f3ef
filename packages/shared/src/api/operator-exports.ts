import { z } from 'zod';
import { dashboardQuery } from './operator-dashboard.ts';

/**
 * The console's CSV exports (decision 074): what an admin may take out of the store for a period.
 * The period is the dashboard's: UTC calendar days, both included, `to` today and `from` 30 days
 * before it when left out.
 */
export const EXPORT_KINDS = ['players', 'ledger', 'payments', 'withdrawals'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** GET /api/v1/admin/exports/:kind?from=&to= answers text/csv, streamed. */
export const exportParams = z.object({ kind: z.enum(EXPORT_KINDS) });
export const exportQuery = dashboardQuery;

/** The address of one export, as the console's download form and the tests build it. */
export const exportPath = (kind: ExportKind) => `/api/v1/admin/exports/${kind}`;
