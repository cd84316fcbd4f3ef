import { z } from 'zod';
import { amount, idParam, queryBool } from './common.ts';
import { inventoryItem } from './inventory.ts';
import { EXTRA_FIELD_NAMES, FIELD_VALIDATORS } from '../payments/countries.ts';
import { PROMO_CODE_MAX_LENGTH, PROMO_KINDS } from '../payments/promo.ts';
import { PAYMENT_STATUSES } from '../payments/status.ts';

/*
 * Contracts of payments (spec §7 "under /v1/payments"), promo codes, offers and
 * triggers. Money on the wire is in units with at most 2 decimals, like every other call;
 * the domain in ../payments works in minor units and converts at the edge.
 */

// ---------------------------------------------------------------- countries

export const extraFieldWire = z.object({
  field: z.enum(EXTRA_FIELD_NAMES),
  label: z.string(),
  default: z.string().nullable(),
  options: z.array(z.object({ name: z.string(), value: z.string() })).nullable(),
  required: z.boolean(),
  validator: z.enum(FIELD_VALIDATORS).nullable(),
});

/** A payment method; min/max in the country currency, max 0 = unlimited, type 1 common, 2 skin, 3 ecom, 4 gift card. */
export const paymentMethodWire = z.object({
  id: z.number(),
  name: z.string(),
  pay_method: z.string(),
  icon: z.string(),
  label: z.string().nullable(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  min: z.number(),
  max: z.number(),
  default_min: z.number(),
  bonus_percent: z.number(),
  sort: z.object({ desktop: z.number(), mobile: z.number() }),
  extra_fields: z.array(extraFieldWire),
});
export type PaymentMethodWire = z.infer<typeof paymentMethodWire>;

/** A country's payment configuration (spec §3); `rate` is site-currency units per currency unit. */
export const countryConfigWire = z.object({
  country: z.string(),
  currency: z.object({ code: z.string(), default_amount: z.number(), rate: z.number(), symbol: z.string() }),
  quick_sums: z.object({ desktop: z.array(z.number()), mobile: z.array(z.number()) }),
  methods: z.array(paymentMethodWire),
});
export type CountryConfigWire = z.infer<typeof countryConfigWire>;

/** GET /api/v1/payments/countries: every table (methods already filtered by the welcome-redirect setting). */
export const countriesResponse = z.array(countryConfigWire);

/** GET /api/v1/payments/countries/{iso}: an ISO code or `default`, which means the lookup by headers and language (spec §5). */
export const countryParams = z.object({
  iso: z
    .string()
    .trim()
    .regex(/^(?:[A-Za-z]{2}|default)$/, 'an ISO country code or default')
    .transform((v) => (v === 'default' ? v : v.toUpperCase())),
});
export const countryResponse = countryConfigWire;

// ---------------------------------------------------------------- bonus levels

/** A bonus level: deposits from `limit` get `bonus_percent` (= bonus_multiplier × 100) on top. */
export const bonusLevelWire = z.object({ limit: amount, bonus_multiplier: z.number(), bonus_percent: z.number() });
/** GET /api/v1/payments/bonus/levels, ascending by limit. */
export const bonusLevelsResponse = z.array(bonusLevelWire);

// ---------------------------------------------------------------- transactions

const orderId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/**
 * POST /api/v1/payments/transaction/start (Idempotency-Key): `amount` in the country currency;
 * `fields` are the method's extra fields; `promo_code`, when given, is applied first exactly as
 * POST /promo/apply does.
 */
export const transactionStartBody = z
  .object({
    country: z.string().trim().min(1).max(16),
    method_id: idParam,
    amount: z.number().positive().max(1_000_000_000),
    promo_code: z.string().max(PROMO_CODE_MAX_LENGTH).nullable().optional(),
    fields: z.partialRecord(z.enum(EXTRA_FIELD_NAMES), z.string().max(254)).optional(),
  })
  .strict();
export type TransactionStartBody = z.infer<typeof transactionStartBody>;

/** The order the server opened and the hosted checkout to send the player to. */
export const transactionStartResponse = z.object({
  order_id: z.string(),
  checkout_url: z.string(),
  status: z.literal('pending'),
  amount: z.number(),
  currency: z.string(),
  /** What the deposit is worth in the site currency, before bonuses. */
  site_amount: amount,
});
export type TransactionStartResponse = z.infer<typeof transactionStartResponse>;

/**
 * GET /api/v1/payments/transaction/preview: what a start with the same country, method, sum and
 * code would credit once paid, by the rule the credit uses (refillFigures). The code counted is
 * the one the start would use: the given one, or the code the player applied earlier.
 */
export const transactionPreviewQuery = z
  .object({
    country: z.string().trim().min(1).max(16),
    method_id: idParam,
    amount: z.coerce.number().positive().max(1_000_000_000),
    promo_code: z.string().max(PROMO_CODE_MAX_LENGTH).optional(),
  })
  .strict();

export const transactionPreviewResponse = z.object({
  amount: z.number(),
  currency: z.string(),
  /** The deposit in the site currency, before bonuses. */
  site_amount: amount,
  /** The code this deposit would use, and what it gives at this sum (a blogger code: the offer reached). */
  promo: z
    .object({
      code: z.string(),
      type: z.enum(PROMO_KINDS),
      percent: z.number(),
      /** An instant code's sum, paid when the code is applied with the payment. */
      sum: amount,
      /** A blogger code's next offer up: from which deposit which percent. */
      next: z.object({ price_from: z.number(), percent: z.number() }).nullable(),
    })
    .nullable(),
  level_percent: z.number(),
  method_percent: z.number(),
  /** The promo code's part: its percent bonus or an instant code's sum. */
  sum_promo: amount,
  /** Every bonus on top of the deposit, the promo code's part among them. */
  sum_bonus: amount,
  /** Site currency credited in all: the deposit and every bonus. */
  total: amount,
  /** Whole tasty coins credited. */
  coins: z.number(),
  prize: z.object({ icon: z.string(), title: z.string(), price: amount }).nullable(),
});
export type TransactionPreviewResponse = z.infer<typeof transactionPreviewResponse>;

/** GET /api/v1/payments/transaction/status?orderId= (the query key is the spec's camelCase). */
export const transactionStatusQuery = z.object({ orderId });

/** The payment result (spec §3): pending shows wait, fail shows fail, anything else success (spec §4). */
export const paymentResult = z.object({
  order_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** The deposit in the site currency. */
  value: amount,
  bonus: z.object({
    /** Whole tasty coins credited. */
    coins: z.number(),
    /** A blogger promo's case. */
    prize: z.object({ icon: z.string(), title: z.string(), price: amount }).nullable(),
    /** The promo code's part: its percent bonus, or an instant code applied with this payment. */
    sum_promo: amount,
    /** Every site-currency bonus: level, method and promo (an instant code's sum included). */
    sum_bonus: amount,
  }),
});
export type PaymentResult = z.infer<typeof paymentResult>;

/**
 * POST /api/v1/payments/callback/{provider}: what the store answers a provider's accepted
 * callback. `credited` is true only for the one callback that credited the order; a replay
 * answers the same order and status with false. A refused callback is 400 `payment_callback_refused`.
 */
export const paymentCallbackResponse = z.object({
  order_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  credited: z.boolean(),
});
export type PaymentCallbackResponse = z.infer<typeof paymentCallbackResponse>;

// ---------------------------------------------------------------- promo codes

/** A code in a path: trimmed and upper-cased (spec §5). */
export const promoCodeParams = z.object({
  code: z.string().trim().min(1).max(PROMO_CODE_MAX_LENGTH).transform((v) => v.toUpperCase()),
});

export const flexOfferWire = z.object({
  case: z.object({ img: z.string(), name: z.string(), price: amount }),
  tcoin_factor: z.number(),
  price_from: amount,
  money_factor: z.number(),
});

/** GET /api/v1/payments/promo/info/{code}: a blogger's percent is the best offer's money_factor − 100. */
export const promoInfoResponse = z.object({
  code: z.string(),
  type: z.enum(PROMO_KINDS),
  percent: z.number(),
  /** An instant code's sum, else 0. */
  sum: amount,
  img: z.string().nullable(),
  flex_offers: z.array(flexOfferWire),
});
export type PromoInfoWire = z.infer<typeof promoInfoResponse>;

/** GET /api/v1/payments/promo/info/guest/{code}: only type, percent and the money factors (spec §7). */
export const guestPromoInfoResponse = z.object({
  type: z.enum(PROMO_KINDS),
  percent: z.number(),
  flex_offers: z.array(z.object({ money_factor: z.number() })),
});
export type GuestPromoInfoWire = z.infer<typeof guestPromoInfoResponse>;

/** POST /api/v1/payments/promo/apply: attaches the code to the player; an instant code pays at once. */
export const promoApplyBody = z.object({ code: z.string().trim().min(1).max(PROMO_CODE_MAX_LENGTH) }).strict();
export const promoApplyResponse = z.object({
  promo: promoInfoResponse,
  /** What an instant code credited now; 0 for the other kinds, which pay with the next deposit. */
  credited: amount,
  balance: amount,
});
export type PromoApplyResponse = z.infer<typeof promoApplyResponse>;

/** POST /api/v1/payments/promo/user/reset: detaches the player's unused code. */
export const promoResetResponse = z.object({ reset: z.boolean() });

// ---------------------------------------------------------------- offers

export const offerCase = z.object({ id: z.number(), slug: z.string(), name: z.string(), image: z.string(), price: amount, count: z.number() });

/** A one-off discounted bundle of cases; `sale` is the discount in percent. */
export const offerWire = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  old_price: amount,
  price: amount,
  sale: z.number(),
  label: z.string().nullable(),
  label_color: z.string().nullable(),
  label_name: z.string().nullable(),
  cases: z.array(offerCase),
  bonus_coins: amount,
  bonus_money: amount,
  ends_at: z.string().nullable(),
  /** Purchases left over all players; null when unlimited. */
  left: z.number().nullable(),
  bought: z.boolean(),
});
export type OfferWire = z.infer<typeof offerWire>;

/** GET /api/v1/offers: the offers shop and secret shop list. */
export const offersResponse = z.array(offerWire);
/** `?secret=1` lists the secret shop instead of the offers shop. */
export const offersQuery = z.object({ secret: queryBool.optional() });

/** GET /api/v1/offers/user/{x}: the spec does not show it; we serve the player's personal offer with id or name x. */
export const offerUserParams = z.object({ x: z.string().trim().min(1).max(64) });
export const offerUserResponse = offerWire;

/** POST /api/v1/offers/{id}/buy (Idempotency-Key): our path, the spec shows none. One transaction: debit, cases, bonuses. */
export const offerBuyParams = z.object({ id: idParam });
/** The price the player confirmed: a purchase at any other price is refused (`offer_price_changed`). Optional for the spec's bare call. */
export const offerBuyBody = z.object({ expected_price: z.number().min(0).max(1e12).optional() }).strict().nullish();
export type OfferBuyBody = z.infer<typeof offerBuyBody>;
/** An item a bundled case gave, with the case it came from (the page plays that case's roulette). */
export const bundleItem = inventoryItem.extend({ case_slug: z.string() });
export type BundleItem = z.infer<typeof bundleItem>;

export const offerBuyResponse = z.object({
  offer_id: z.number(),
  balance: amount,
  coin_balance: amount,
  cases: z.array(z.object({ slug: z.string(), count: z.number() })),
  /** The items the bundled cases gave, now in the inventory (`progress`), in the bundle's order. */
  items: z.array(bundleItem),
});
export type OfferBuyResponse = z.infer<typeof offerBuyResponse>;

// ---------------------------------------------------------------- triggers

/** The inner offer of spec §3, shown by the inner offer modal when a trigger fires. */
export const innerOfferWire = z.object({
  title: z.string(),
  description: z.string(),
  image: z.string(),
  trigger_id: z.number(),
  offer_id: z.number(),
  offer_name: z.string(),
  old_price: amount,
  price: amount,
  sale: z.number(),
  cases: z.array(offerCase),
  label: z.string().nullable(),
  label_color: z.string().nullable(),
  label_name: z.string().nullable(),
  trigger_type: z.string(),
  bonus_coins: amount,
  bonus_money: amount,
});
export type InnerOfferWire = z.infer<typeof innerOfferWire>;

/** GET /api/v1/triggers: the signed-in player's fired triggers, newest first. */
export const triggersResponse = z.array(innerOfferWire);

/** POST /api/v1/triggers/dailycasepay {case_id} (Idempotency-Key): buys the daily case a trigger offered. */
export const dailyCasePayBody = z.object({ case_id: idParam }).strict();
export const dailyCasePayResponse = z.object({
  success: z.boolean(),
  balance: amount,
  trigger_id: z.number(),
  /** The item the case gave, now in the inventory (`progress`), with its case. */
  items: z.array(bundleItem),
});
export type DailyCasePayResponse = z.infer<typeof dailyCasePayResponse>;

/** POST /api/v1/triggers/{id}/close: dismisses a fired trigger; `closed` is false when it was closed already. */
export const triggerParams = z.object({ id: idParam });
export const triggerCloseResponse = z.object({ closed: z.boolean() });
