import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { PeriodicJob } from '../../platform/periodic-job.ts';
import type { BackgroundJob } from '../../platform/store-module.ts';
import type { PaymentRouting } from './provider.ts';
import { paymentOrders } from './schema.ts';
import { settleEvent } from './settle-payment.ts';
import { RECONCILE } from './settings.ts';

export interface ReconcileReport {
  looked: number;
  credited: number;
  /** Orders whose provider could not be asked this time; the next pass asks again. */
  failed: number;
}

/**
 * One reconciliation pass (decision 072): every pending order between `afterMinutes` and
 * `withinHours` old whose provider offers a status lookup is asked about, and what the provider
 * answers goes through the callback's own settle path, so an order credited by its callback in
 * the meantime (or at the same moment) is not credited again.
 */
export async function reconcilePendingOrders(o: {
  db: Db;
  routing: PaymentRouting;
  now: Date;
  log: FastifyBaseLogger;
  afterMinutes?: number;
  withinHours?: number;
}): Promise<ReconcileReport> {
  const report: ReconcileReport = { looked: 0, credited: 0, failed: 0 };
  const lookers = o.routing.providers.filter((p) => p.lookup);
  if (!lookers.length) return report;
  const olderThan = new Date(o.now.getTime() - (o.afterMinutes ?? RECONCILE.afterMinutes) * 60_000);
  const youngerThan = new Date(o.now.getTime() - (o.withinHours ?? RECONCILE.withinHours) * 3_600_000);
  for (const provider of lookers) {
    const pending = await o.db
      .select({ id: paymentOrders.id, providerReference: paymentOrders.providerReference, amountMinor: paymentOrders.amountMinor, currency: paymentOrders.currency })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.status, 'pending'), eq(paymentOrders.provider, provider.name), lt(paymentOrders.createdAt, olderThan), gt(paymentOrders.createdAt, youngerThan)))
      .orderBy(asc(paymentOrders.createdAt))
      .limit(RECONCILE.batch);
    for (const order of pending) {
      report.looked++;
      try {
        const event = await provider.lookup!({ orderId: order.id, providerReference: order.providerReference, amountMinor: order.amountMinor, currency: order.currency });
        if (!event || event.orderId !== order.id) continue;
        const result = await settleEvent({ db: o.db, provider, event, now: o.now });
        if (!result.ok) {
          // A paid sum that differs from the order's: held for an operator, as the callback's would be.
          o.log.warn({ provider: provider.name, orderId: order.id, reason: result.reason }, 'payment lookup refused');
        } else if (result.response.credited) {
          report.credited++;
          o.log.warn({ provider: provider.name, orderId: order.id }, 'a paid order whose callback never came was credited by its status lookup');
        }
      } catch (err) {
        report.failed++;
        o.log.warn({ err, provider: provider.name, orderId: order.id }, 'payment status lookup failed');
      }
    }
  }
  return report;
}

/**
 * The reconciliation as a background job. Built with the module, it is given the routes'
 * database, providers and logger when the routes are registered (before the jobs start).
 */
export class PaymentReconciler implements BackgroundJob {
  private job: PeriodicJob | null = null;
  private parts: { db: Db; routing: PaymentRouting; log: FastifyBaseLogger; now: () => Date } | null = null;
  private wanted = false;

  attach(parts: { db: Db; routing: PaymentRouting; log: FastifyBaseLogger; now: () => Date }) {
    this.parts = parts;
    this.job = new PeriodicJob({ everyMs: RECONCILE.everyMinutes * 60_000, run: () => this.runOnce(), log: parts.log, failure: 'payment reconciliation pass failed' });
    if (this.wanted) this.job.start();
  }

  /** One pass now, as the job runs it (the operator's hand and the tests). */
  runOnce(opts: { afterMinutes?: number; withinHours?: number } = {}): Promise<ReconcileReport> {
    if (!this.parts) throw new Error('the payment routes are not registered');
    return reconcilePendingOrders({ ...this.parts, now: this.parts.now(), ...opts });
  }

  start(): void {
    this.wanted = true;
    this.job?.start();
  }

  async close(): Promise<void> {
    this.wanted = false;
    await this.job?.close();
  }
}
