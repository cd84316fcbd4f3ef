import { desc, eq, sql } from 'drizzle-orm';
import { type CountryTables } from '@store/shared/payments/countries';
import { defaultPaymentSettings, paymentSettingsDocument, servedCountryConfigs, type PaymentSettingsDocument } from '@store/shared/payments/settings-document';
import type { Executor, Tx } from '../../db/client.ts';
import type { Bus } from '../../realtime/bus.ts';
import { paymentSettingsVersions } from './schema.ts';

/**
 * The payment settings in force (decision 076): the newest version of `payment_settings_versions`,
 * seeded with the values that lived in code. Every payment read path asks this service; it keeps
 * the version in memory, takes a version saved in this process at once, re-reads when another
 * process announces one on the bus, and re-reads after a few seconds anyway, so a lost
 * announcement (Redis reconnecting) delays a change by that much at most.
 */

/** Bus channel of a new version; `internal:*` is never reachable from the websocket. */
export const PAYMENT_SETTINGS_CHANNEL = 'internal:payment-settings';
const TTL_MS = 5_000;

export interface PaymentSettingsVersion {
  version: number;
  document: PaymentSettingsDocument;
  operator: { id: number | null; name: string };
  note: string | null;
  at: Date;
}

/** What the read paths use: the version, and its country tables as served (switched-off methods left out). */
export interface CurrentPaymentSettings extends PaymentSettingsVersion {
  countries: CountryTables;
}

const SEED_OPERATOR = 'seed';

function versionOf(row: typeof paymentSettingsVersions.$inferSelect): PaymentSettingsVersion {
  return {
    version: row.version,
    // Parsed again on the way out: a document is only ever stored after passing this schema.
    document: paymentSettingsDocument.parse(row.document),
    operator: { id: row.operatorId, name: row.operatorName },
    note: row.note,
    at: row.createdAt,
  };
}

/** Version 1 from today's values when the table is empty; several processes starting at once write it once. */
export async function seedPaymentSettings(db: Executor): Promise<void> {
  await db
    .insert(paymentSettingsVersions)
    .values({ version: 1, document: defaultPaymentSettings(), operatorId: null, operatorName: SEED_OPERATOR, note: null })
    .onConflictDoNothing();
}

export async function findNewestPaymentSettings(db: Executor): Promise<PaymentSettingsVersion | null> {
  const [row] = await db.select().from(paymentSettingsVersions).orderBy(desc(paymentSettingsVersions.version)).limit(1);
  return row ? versionOf(row) : null;
}

export async function findPaymentSettingsVersion(db: Executor, version: number): Promise<PaymentSettingsVersion | null> {
  const [row] = await db.select().from(paymentSettingsVersions).where(eq(paymentSettingsVersions.version, version));
  return row ? versionOf(row) : null;
}

/** Every version, newest first, without their documents. */
export async function listPaymentSettingsVersions(db: Executor) {
  const rows = await db
    .select({ version: paymentSettingsVersions.version, operatorId: paymentSettingsVersions.operatorId, operatorName: paymentSettingsVersions.operatorName, note: paymentSettingsVersions.note, at: paymentSettingsVersions.createdAt })
    .from(paymentSettingsVersions)
    .orderBy(desc(paymentSettingsVersions.version));
  return rows.map((r) => ({ version: r.version, operator: { id: r.operatorId, name: r.operatorName }, note: r.note, at: r.at }));
}

/**
 * Writes version `basedOn + 1`, or null when that number is taken: someone saved a version since
 * the editor's was read, and this one would silently undo theirs. One statement, so two saves at
 * once can never both win.
 */
export async function addPaymentSettingsVersion(
  tx: Tx,
  v: { basedOn: number; document: PaymentSettingsDocument; operator: { id: number | null; name: string }; note: string | null },
): Promise<PaymentSettingsVersion | null> {
  const newest = await tx.select({ version: sql<number>`max(${paymentSettingsVersions.version})` }).from(paymentSettingsVersions);
  if (Number(newest[0]?.version ?? 0) !== v.basedOn) return null;
  const [row] = await tx
    .insert(paymentSettingsVersions)
    .values({ version: v.basedOn + 1, document: v.document, operatorId: v.operator.id, operatorName: v.operator.name, note: v.note })
    .onConflictDoNothing()
    .returning();
  return row ? versionOf(row) : null;
}

export class PaymentSettings {
  private cached: CurrentPaymentSettings | null = null;
  private readAt = 0;
  /** Set when another process announced a version: the next read goes to the database, whatever the clock. */
  private stale = false;
  private loading: Promise<CurrentPaymentSettings> | null = null;
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly db: Executor,
    private readonly bus: Pick<Bus, 'listen' | 'publish'>,
    private readonly now: () => number = Date.now,
  ) {
    this.stopListening = bus.listen((msg) => {
      // Another process saved a version: the next read fetches it.
      if (msg.channel === PAYMENT_SETTINGS_CHANNEL) this.stale = true;
    });
  }

  /** The version in force; read from the database when none is held or the one held is older than the TTL. */
  async current(): Promise<CurrentPaymentSettings> {
    if (this.cached && !this.stale && this.now() - this.readAt < TTL_MS) return this.cached;
    this.loading ??= this.load().finally(() => (this.loading = null));
    return this.loading;
  }

  /** A version this process has just saved: in force here at once, and announced to the others. */
  saved(v: PaymentSettingsVersion): void {
    if (!this.cached || v.version >= this.cached.version) this.hold(v);
    this.bus.publish(PAYMENT_SETTINGS_CHANNEL, 'saved', { version: v.version });
  }

  close(): void {
    this.stopListening?.();
    this.stopListening = null;
  }

  private async load(): Promise<CurrentPaymentSettings> {
    const startedAt = this.now();
    // An announcement heard while this read runs marks it stale again, so it is read once more.
    this.stale = false;
    let v = await findNewestPaymentSettings(this.db);
    if (!v) {
      await seedPaymentSettings(this.db);
      v = (await findNewestPaymentSettings(this.db))!;
    }
    const held = this.hold(v);
    this.readAt = startedAt;
    return held;
  }

  private hold(v: PaymentSettingsVersion): CurrentPaymentSettings {
    this.cached = { ...v, countries: servedCountryConfigs(v.document) };
    this.readAt = this.now();
    return this.cached;
  }
}

const services = new WeakMap<object, PaymentSettings>();

/**
 * The one service of a running store: the payment routes and the console's settings page share
 * it (keyed by the store's database handle), so a version saved in the console is the one the
 * next deposit in this process reads.
 */
export function paymentSettingsOf(deps: { db: Executor; bus: Pick<Bus, 'listen' | 'publish'> }): PaymentSettings {
  let s = services.get(deps.db);
  if (!s) {
    s = new PaymentSettings(deps.db, deps.bus);
    services.set(deps.db, s);
  }
  return s;
}
