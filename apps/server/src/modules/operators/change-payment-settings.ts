import { paymentSettingsDocument } from '@store/shared/payments/settings-document';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import {
  addPaymentSettingsVersion,
  findNewestPaymentSettings,
  findPaymentSettingsVersion,
  listPaymentSettingsVersions,
  seedPaymentSettings,
  type PaymentSettings,
  type PaymentSettingsVersion,
} from '../payments/payment-settings.ts';
import { recordAction, type Operator } from './audit.ts';

/**
 * The payment settings from the console (decision 076), shaped like the odds: a document is
 * checked by the shared schema, stored as a new immutable version that deposits then start with
 * (orders already started keep the figures they were started with), and audited in the same
 * transaction.
 */

const toWire = (v: PaymentSettingsVersion) => ({
  version: v.version,
  operator: v.operator,
  note: v.note,
  at: v.at.toISOString(),
  document: v.document,
});

/** The version in force and every version, newest first. */
export async function readPaymentSettings(db: Executor) {
  await seedPaymentSettings(db);
  const [current, versions] = await Promise.all([findNewestPaymentSettings(db), listPaymentSettingsVersions(db)]);
  return { current: toWire(current!), versions: versions.map((v) => ({ ...v, at: v.at.toISOString() })) };
}

export async function readPaymentSettingsVersion(db: Executor, version: number) {
  const v = await findPaymentSettingsVersion(db, version);
  if (!v) throw new AppError('payment_settings_not_found');
  return toWire(v);
}

/**
 * A new version on top of `basedOn`: refused, with nothing written, when the document breaks a
 * rule (each problem named by its field) or when another version was saved since; otherwise the
 * version and its audit row (the figures before and after) in one transaction, then in force in
 * this process at once and in the others within seconds.
 */
export async function changePaymentSettings(o: { db: Db; settings: PaymentSettings; basedOn: number; document: unknown; note: string; operator: Operator }) {
  const parsed = paymentSettingsDocument.safeParse(o.document);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new AppError('payment_settings_invalid', { problems });
  }
  await seedPaymentSettings(o.db);
  const saved = await o.db.transaction(async (tx) => {
    const before = await findNewestPaymentSettings(tx);
    const v = await addPaymentSettingsVersion(tx, { basedOn: o.basedOn, document: parsed.data, operator: o.operator, note: o.note });
    if (!v) {
      const newest = await findNewestPaymentSettings(tx);
      throw new AppError('payment_settings_stale', { current: newest?.version ?? 0 });
    }
    const auditId = await recordAction(tx, {
      operator: o.operator,
      action: 'payments.settings',
      target: { kind: 'payment_settings', id: v.version },
      before: before ? { version: before.version, document: before.document } : null,
      after: { version: v.version, document: v.document },
      reason: o.note,
    });
    return { v, auditId, previous: before?.version ?? 0 };
  });
  o.settings.saved(saved.v);
  return { ...toWire(saved.v), previous_version: saved.previous, audit_id: saved.auditId };
}
