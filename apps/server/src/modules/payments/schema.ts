import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, createdAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

// Tables of the payments module; other modules reach them through its operations (a schema may import another only for foreign keys).
/** What a deposit's bonuses are computed from, fixed when the order starts (decision 007). */
export interface OrderBonusInputs {
  bonusLevel: { limit: number; bonusMultiplier: number } | null;
  methodBonusPercent: number;
  /** Tasty coins per 100 site-currency units when no blogger offer sets its own. */
  coinsFactor: number;
  /** An instant code's sum credited when the start applied it, kept so the receipt lists it. */
  instantPromoMinor?: number;
}

/**
 * One top-up through a provider. `amount_minor` is in the country currency the player pays in,
 * `site_amount_minor` the GOLD it buys. The status leaves `pending` once, by a conditional
 * update, so a replayed callback never credits twice. `plan` is what the credit wrote.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    status: text('status').notNull().default('pending'),
    country: text('country').notNull(),
    methodId: integer('method_id').notNull(),
    payMethod: text('pay_method').notNull(),
    currency: text('currency').notNull(),
    amountMinor: money('amount_minor').notNull(),
    siteAmountMinor: money('site_amount_minor').notNull(),
    bonusInputs: jsonb('bonus_inputs').notNull().$type<OrderBonusInputs>(),
    promoCode: text('promo_code'),
    plan: jsonb('plan').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    /**
     * Set once when the paid order's money went back (a refund or a chargeback, decision 072):
     * its sum was debited then. The status stays `success`: the payment did happen.
     */
    reversal: text('reversal'),
    reversedAt: timestamp('reversed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('payment_orders_user_idx').on(t.userId, t.createdAt),
    // The reconciliation pass reads the pending orders by age.
    index('payment_orders_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('payment_orders_reversal_known', sql`${t.reversal} is null or (${t.reversal} in ('refund', 'chargeback') and ${t.status} = 'success')`),
    check('payment_orders_status_known', sql`${t.status} in ('pending', 'success', 'fail')`),
    check('payment_orders_amounts_positive', sql`${t.amountMinor} > 0 and ${t.siteAmountMinor} > 0`),
  ],
);

/**
 * A promo code (decision 007): `terms` is the shared PromoTerms (common percent, instant sum,
 * blogger flex offers). `uses` counts every use over all players and never passes `total_limit`.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text('code').primaryKey(),
    kind: text('kind').notNull(),
    terms: jsonb('terms').notNull().$type<Record<string, unknown>>(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** 0 means unlimited, for both limits. */
    totalLimit: integer('total_limit').notNull().default(0),
    perUserLimit: integer('per_user_limit').notNull().default(0),
    uses: integer('uses').notNull().default(0),
    createdBy: text('created_by').notNull().default('seed'),
    createdAt: createdAt(),
    /** Set while an operator has switched the code off; players are refused it as expired. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('promo_codes_kind_known', sql`${t.kind} in ('common', 'instant', 'blogger', 'case')`),
    check('promo_codes_uses_within_limit', sql`${t.totalLimit} = 0 or ${t.uses} <= ${t.totalLimit}`),
  ],
);

/** Each use of a code: an instant code's credit, or the deposit that carried a common or blogger code. */
export const promoUses = pgTable(
  'promo_uses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull().references(() => promoCodes.code),
    userId: integer('user_id').notNull().references(() => users.id),
    orderId: text('order_id').references(() => paymentOrders.id),
    creditedMinor: money('credited_minor').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('promo_uses_code_user_idx').on(t.code, t.userId), uniqueIndex('promo_uses_order_idx').on(t.orderId)],
);

/** The code a player applied and has not used yet: at most one, until a deposit uses it or a reset. */
export const userPromos = pgTable('user_promos', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  code: text('code')
    .notNull()
    .references(() => promoCodes.code),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The payment settings (decision 076): each version the whole document (countries, bonus levels,
 * coins factor), who wrote it and why. Never updated; the newest version is in force.
 */
export const paymentSettingsVersions = pgTable(
  'payment_settings_versions',
  {
    version: integer('version').primaryKey(),
    document: jsonb('document').notNull(),
    /** The admin's account; null for the seed. */
    operatorId: integer('operator_id').references(() => users.id),
    operatorName: text('operator_name').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [check('payment_settings_versions_positive', sql`${t.version} > 0`)],
);
