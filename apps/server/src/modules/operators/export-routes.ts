import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportParams, exportQuery, type ExportKind } from '@store/shared/api/operator-exports';
import { dashboardPeriod, DASHBOARD_MAX_DAYS } from '@store/shared/dashboard';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { csvChunks, type CsvExportSource } from '../../platform/csv.ts';
import { paymentsExport } from '../payments/export-payments.ts';
import { playersExport } from '../users/export-players.ts';
import { ledgerExport } from '../wallet/export-ledger.ts';
import { withdrawalsExport } from '../withdrawals/export-withdrawals.ts';
import { recordAction, type Operator } from './audit.ts';

const tags = ['admin'];

/** Rows read per keyset page: one page is what an export holds in memory. */
export const EXPORT_PAGE_SIZE = 500;

const SOURCES: Record<ExportKind, (db: Executor) => CsvExportSource> = {
  players: playersExport,
  ledger: ledgerExport,
  payments: paymentsExport,
  withdrawals: withdrawalsExport,
};

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * The console's CSV exports (decision 074), in the guarded scope of `operatorRoutes`: admins only.
 * The file streams out a keyset page at a time; when it has gone out (or the reader went away)
 * the audit names who took what, of which period, and how many rows.
 */
export function operatorExportRoutes(scope: FastifyInstance, operatorOf: (req: FastifyRequest) => Promise<Operator>, o: { pageSize?: number } = {}) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const { db, replica, clock } = scope.deps;
  r.get(
    '/api/v1/admin/exports/:kind',
    {
      config: { operatorAction: 'exports.read', errors: ['dashboard_period_invalid'] },
      schema: { tags, summary: 'Players, ledger entries, payments or withdrawals of a period (UTC days, both included) as CSV, streamed; audited', params: exportParams, querystring: exportQuery },
    },
    async (req, reply) => {
      const period = dashboardPeriod(req.query, clock.now().toISOString().slice(0, 10));
      if (!period) throw new AppError('dashboard_period_invalid', { max: DASHBOARD_MAX_DAYS });
      const { kind } = req.params;
      const operator = await operatorOf(req);
      const to = dayStart(period.to);
      to.setUTCDate(to.getUTCDate() + 1);
      // The rows from the replica (decision 084), a period of whole days: its last moment is in the next export. The audit row goes to the primary.
      const chunks = csvChunks(SOURCES[kind](replica), {
        from: dayStart(period.from),
        to,
        pageSize: o.pageSize ?? EXPORT_PAGE_SIZE,
        done: async (rows, complete) => {
          await db.transaction((tx) =>
            recordAction(tx, { operator, action: 'exports.read', target: { kind: 'export', id: kind }, before: null, after: { from: period.from, to: period.to, rows, complete } }),
          );
        },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${kind}-${period.from}-${period.to}.csv"`)
        .send(Readable.from(chunks, { objectMode: false }));
    },
  );
}
