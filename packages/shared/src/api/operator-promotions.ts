import { z } from 'zod';
import { amount } from './common.ts';
import { operatorReason } from './operators.ts';
import { PROMO_CODE_MAX_LENGTH, PROMO_KINDS } from '../payments/promo.ts';
import { LEADERBOARD_TYPES } from '../leaderboards.ts';

/**
 * The console's promotions (decision 033): promo codes listed with their use, created, edited
 * and switched off or on. Support reads them, admins change them (they are money settings).
 * Sums are wallet units with 2 decimals; dates are ISO strings; a limit of 0 means unlimited.
 */

/** The bounds a code's terms must keep; `npm run admin -- promo create` checks the same. */
export const PROMO_BOUNDS = {
  percentMax: 1000,
  sumMax: 10_000_000,
  daysMax: 365,
  limitMax: 1_000_000_000,
  moneyFactorMin: 100,
  moneyFactorMax: 1000,
} as const;

/** A code as an operator types it: trimmed and upper-cased, so codes differ in more than case. */
export const promoCodeName = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.string().min(3).max(PROMO_CODE_MAX_LENGTH).regex(/^[A-Z0-9_-]+$/, 'letters, digits, _ and - only'));

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
const flexOffer = z
  .object({
    case: z.object({ img: z.string().max(500), name: z.string().trim().min(1).max(100), price: z.number().nonnegative() }).strict(),
    tcoinFactor: z.number().nonnegative().max(1000),
    priceFrom: z.number().nonnegative(),
    moneyFactor: z.number().min(PROMO_BOUNDS.moneyFactorMin).max(PROMO_BOUNDS.moneyFactorMax),
  })
  .strict();

/** A code's terms by kind, in console units (an instant code's sum in GOLD, not minor units). */
export const promoTermsInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('common'), percent: z.number().positive().max(PROMO_BOUNDS.percentMax).refine(twoDecimals, 'at most 2 decimals') }).strict(),
  z.object({ kind: z.literal('instant'), sum: amount.refine((v) => v > 0 && v <= PROMO_BOUNDS.sumMax, 'a positive sum of at most 10000000').refine(twoDecimals, 'at most 2 decimals') }).strict(),
  z.object({ kind: z.literal('case'), case_slug: z.string().trim().min(1).max(60), days: z.number().int().min(1).max(PROMO_BOUNDS.daysMax) }).strict(),
  z.object({ kind: z.literal('blogger'), flex_offers: z.array(flexOffer).min(1).max(20) }).strict(),
]);
export type PromoTermsInput = z.infer<typeof promoTermsInput>;

const limit = z.number().int().min(0).max(PROMO_BOUNDS.limitMax);
const when = z.iso.datetime({ offset: true }).nullable();
const ordered = (b: { starts_at?: string | null; expires_at?: string | null }) =>
  !b.starts_at || !b.expires_at || Date.parse(b.expires_at) > Date.parse(b.starts_at);
const orderedMessage = { message: 'the end must be after the start', path: ['expires_at'] };

/** POST /api/v1/admin/promo-codes. */
export const promoCreateBody = z
  .object({
    code: promoCodeName,
    terms: promoTermsInput,
    starts_at: when.default(null),
    expires_at: when.default(null),
    total_limit: limit.default(0),
    per_player_limit: limit.default(1),
    reason: operatorReason.optional(),
  })
  .strict()
  .refine(ordered, orderedMessage);
export type PromoCreateBody = z.infer<typeof promoCreateBody>;
export type PromoCreateInput = z.input<typeof promoCreateBody>;

/**
 * PATCH /api/v1/admin/promo-codes/:code: what changes, at least one field. The code and its kind
 * stay (players hold it and its uses name it); what was credited stays as it was.
 */
export const promoEditBody = z
  .object({
    terms: promoTermsInput,
    starts_at: when,
    expires_at: when,
    total_limit: limit,
    per_player_limit: limit,
    reason: operatorReason,
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).some((k) => k !== 'reason'), 'name at least one field to change')
  .refine(ordered, orderedMessage);
export type PromoEditBody = z.infer<typeof promoEditBody>;

export const promoCodeParams = z.object({ code: promoCodeName });
export const promoToggleBody = z.object({ reason: operatorReason.optional() }).strict().nullish();

/** How a code was used: every use, the bonus it credited and how many players used it. */
export const promoUsage = z.object({
  uses: z.number(),
  /** GOLD credited by the code: instant sums and deposit bonuses. */
  credited: amount,
  players: z.number(),
  /** Players holding the code for their next deposit. */
  attached: z.number(),
  last_used_at: z.string().nullable(),
});

export const operatorPromoCode = z.object({
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  terms: promoTermsInput,
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  total_limit: z.number(),
  per_player_limit: z.number(),
  disabled: z.boolean(),
  disabled_at: z.string().nullable(),
  /** What a player is told now: usable, or the catalogue code that refuses them. */
  state: z.enum(['active', 'disabled', 'scheduled', 'expired', 'exhausted']),
  created_by: z.string(),
  created_at: z.string(),
  usage: promoUsage,
});
export type OperatorPromoCode = z.infer<typeof operatorPromoCode>;

export const operatorPromoCodesResponse = z.object({ items: z.array(operatorPromoCode) });
export type OperatorPromoCodesResponse = z.infer<typeof operatorPromoCodesResponse>;

/** Offers (decision 033): the shop's and the secret shop's bundles, and those triggers sell. */
const offerTitle = z.string().trim().min(1).max(200);
const offerText = z.string().trim().max(2000);
const offerPrice = amount.refine((v) => v > 0 && v <= PROMO_BOUNDS.sumMax, 'a positive amount of at most 10000000').refine(twoDecimals, 'at most 2 decimals');
const offerBonus = amount.refine((v) => v >= 0 && v <= PROMO_BOUNDS.sumMax, 'an amount from 0 to 10000000').refine(twoDecimals, 'at most 2 decimals');
const offerWhen = (b: { starts_at?: string | null; ends_at?: string | null }) => !b.starts_at || !b.ends_at || Date.parse(b.ends_at) > Date.parse(b.starts_at);
const offerWhenMessage = { message: 'the end must be after the start', path: ['ends_at'] };
const pricesOrdered = (b: { price?: number; old_price?: number }) => b.price === undefined || b.old_price === undefined || b.old_price >= b.price;
const pricesMessage = { message: 'the old price is at least the price', path: ['old_price'] };

const offerFields = {
  title_ru: offerTitle,
  title_en: offerTitle,
  description_ru: offerText,
  description_en: offerText,
  price: offerPrice,
  old_price: offerPrice,
  cases: z.array(z.object({ slug: z.string().trim().min(1).max(60), count: z.number().int().min(1).max(100) }).strict()).min(1).max(20),
  bonus_coins: offerBonus,
  bonus_money: offerBonus,
  is_secret: z.boolean(),
  sort: z.number().int().min(-1_000_000).max(1_000_000),
  starts_at: when,
  ends_at: when,
  total_limit: limit,
};

/** POST /api/v1/admin/offers: a new shop (or secret-shop) offer; its name is its fixed key. */
export const offerCreateBody = z
  .object({
    ...offerFields,
    name: z.string().trim().min(2).max(60).regex(/^[a-z0-9_-]+$/, 'lower-case letters, digits, _ and -'),
    description_ru: offerText.default(''),
    description_en: offerText.default(''),
    bonus_coins: offerBonus.default(0),
    bonus_money: offerBonus.default(0),
    is_secret: z.boolean().default(false),
    sort: offerFields.sort.default(0),
    starts_at: when.default(null),
    ends_at: when.default(null),
    total_limit: limit.default(0),
    reason: operatorReason.optional(),
  })
  .strict()
  .refine(offerWhen, offerWhenMessage)
  .refine(pricesOrdered, pricesMessage);
export type OfferCreateBody = z.infer<typeof offerCreateBody>;

/** PATCH /api/v1/admin/offers/:id: what changes; what was sold stays sold at its price. */
export const offerEditBody = z
  .object({ ...offerFields, reason: operatorReason })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).some((k) => k !== 'reason'), 'name at least one field to change')
  .refine(offerWhen, offerWhenMessage)
  .refine(pricesOrdered, pricesMessage);
export type OfferEditBody = z.infer<typeof offerEditBody>;

export const operatorOffer = z.object({
  id: z.number(),
  name: z.string(),
  title_ru: z.string(),
  title_en: z.string(),
  description_ru: z.string(),
  description_en: z.string(),
  price: amount,
  old_price: amount,
  cases: z.array(z.object({ slug: z.string(), count: z.number() })),
  bonus_coins: amount,
  bonus_money: amount,
  is_secret: z.boolean(),
  /** Set for an offer only a trigger sells (e.g. `daily_case`). */
  trigger_type: z.string().nullable(),
  sort: z.number(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  total_limit: z.number(),
  disabled: z.boolean(),
  state: z.enum(['on_sale', 'disabled', 'scheduled', 'ended', 'sold_out']),
  usage: z.object({
    purchases: z.number(),
    /** GOLD paid for it. */
    revenue: amount,
    players: z.number(),
    /** Triggers fired with it: shown to players, and how many of those bought. */
    triggers_fired: z.number(),
    triggers_bought: z.number(),
  }),
});
export type OperatorOffer = z.infer<typeof operatorOffer>;
export const operatorOffersResponse = z.object({ items: z.array(operatorOffer) });
export type OperatorOffersResponse = z.infer<typeof operatorOffersResponse>;
export const offerParams = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });

/** Leaderboards (decision 033): the boards players compete on, with who plays and what was paid. */
export const leaderboardCreateBody = z
  .object({
    type: z.enum(LEADERBOARD_TYPES),
    title_ru: z.string().trim().min(1).max(80),
    title_en: z.string().trim().min(1).max(80),
    /** From now, for this many hours. */
    hours: z.number().positive().max(24 * 366),
    /** Prize places, each a catalogue item priced down from 300 GOLD for the first. */
    prizes: z.number().int().min(0).max(100).default(10),
    order: z.number().int().min(-1000).max(1000).default(0),
    reason: operatorReason.optional(),
  })
  .strict();
export type LeaderboardCreateBody = z.infer<typeof leaderboardCreateBody>;
export type LeaderboardCreateInput = z.input<typeof leaderboardCreateBody>;

export const operatorLeaderboard = z.object({
  id: z.number(),
  type: z.enum(LEADERBOARD_TYPES),
  title_ru: z.string(),
  title_en: z.string(),
  series: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** running, closing (ended, prizes being paid) or closed. */
  status: z.enum(['running', 'closing', 'closed']),
  usage: z.object({
    /** Players with a score above 0. */
    participants: z.number(),
    places: z.number(),
    prizes_paid: z.number(),
    /** GOLD value of the prizes paid, at their price when the board was defined. */
    paid_value: amount,
  }),
});
export type OperatorLeaderboard = z.infer<typeof operatorLeaderboard>;
export const operatorLeaderboardsResponse = z.object({ items: z.array(operatorLeaderboard) });
export type OperatorLeaderboardsResponse = z.infer<typeof operatorLeaderboardsResponse>;
