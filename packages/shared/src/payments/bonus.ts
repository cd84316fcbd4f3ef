/**
 * Deposit arithmetic (spec §7 and §9): bonus levels, method and promo bonuses, tasty coins,
 * amount limits and the conversion to the site currency. Everything that becomes a ledger row
 * is an integer in minor units (100 minor = 1 unit) computed with integer maths, and every
 * division rounds down, so a player is never credited a fraction the payment did not cover.
 */
import { COIN_CURRENCY, MINOR_PER_UNIT, SITE_CURRENCY } from '../constants.ts';
import { bloggerPercent, flexOfferFor, percentToBasisPoints, type FlexOffer, type PromoTerms } from './promo.ts';
import { DEFAULT_METHOD_MIN, UNLIMITED_MAX } from './countries.ts';

/** A bonus level: deposits from `limit` site-currency units get `bonusMultiplier` extra. */
export interface BonusLevel {
  limit: number;
  bonusMultiplier: number;
}

/** The store's levels until an operator sets others: +3 % from 500, up to +10 % from 10 000. */
export const DEFAULT_BONUS_LEVELS: readonly BonusLevel[] = [
  { limit: 500, bonusMultiplier: 0.03 },
  { limit: 1000, bonusMultiplier: 0.05 },
  { limit: 3000, bonusMultiplier: 0.07 },
  { limit: 10_000, bonusMultiplier: 0.1 },
];

const BP = 10_000n;

/** A multiplier as basis points (hundredths of a percent): 0.07 → 700, never 700.0000000001. */
export const multiplierToBasisPoints = (multiplier: number): number => Math.round(multiplier * 10_000);

/** Bonus percent = multiplier × 100 (spec §9), exact to hundredths: 0.29 → 29, not 28.999999999999996. */
export const bonusPercent = (multiplier: number): number => multiplierToBasisPoints(multiplier) / 100;

function assertMinor(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative safe integer, got ${value}`);
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount out of range');
  return Number(value);
}

/** floor(amountMinor × basisPoints / 10 000) in exact integer maths. */
export function applyBasisPoints(amountMinor: number, basisPoints: number): number {
  assertMinor(amountMinor, 'amountMinor');
  if (!Number.isInteger(basisPoints) || basisPoints <= 0) return 0;
  return toSafeNumber((BigInt(amountMinor) * BigInt(basisPoints)) / BP);
}

/** The level a deposit of `depositMinor` site-currency minor units reaches: the highest limit at or below it. */
export function bonusLevelFor(levels: readonly BonusLevel[], depositMinor: number): BonusLevel | null {
  let best: BonusLevel | null = null;
  for (const level of levels) {
    if (Math.round(level.limit * MINOR_PER_UNIT) <= depositMinor && (!best || level.limit > best.limit)) best = level;
  }
  return best;
}

/**
 * Tasty coins for a deposit (spec §9): floor(value × coins / 100), where value is the deposit in
 * site-currency units. Computed as floor(minor × factor×100 / 10⁶) so no float is ever floored.
 * Returns whole coins.
 */
export function coinsForDeposit(depositMinor: number, coinsFactor: number): number {
  assertMinor(depositMinor, 'depositMinor');
  const factor = Math.round(coinsFactor * 100);
  if (factor <= 0) return 0;
  return toSafeNumber((BigInt(depositMinor) * BigInt(factor)) / 1_000_000n);
}

/** The spec's formula on a units value (at most 2 decimals), e.g. coinsBonus(2.3, 1000) = 23. */
export const coinsBonus = (value: number, coins: number): number => coinsForDeposit(Math.round(value * MINOR_PER_UNIT), coins);

/** Rates are kept to 6 decimals: 0.19 → 190 000 millionths. */
export const RATE_SCALE = 1_000_000;

/**
 * Converts minor units of a country currency to site-currency minor units at `rate` (site units
 * per country unit), rounding down. 1 000 KZT at 0.19 → 190 GOLD: toSiteMinor(100_000, 0.19) = 19_000.
 */
export function toSiteMinor(localMinor: number, rate: number): number {
  assertMinor(localMinor, 'localMinor');
  const scaled = Math.round(rate * RATE_SCALE);
  if (!(scaled > 0)) throw new RangeError(`rate must be positive, got ${rate}`);
  return toSafeNumber((BigInt(localMinor) * BigInt(scaled)) / BigInt(RATE_SCALE));
}

export type AmountError = 'amount_invalid' | 'amount_too_low' | 'amount_too_high';

/**
 * A typed amount (units of the method's currency, at most 2 decimals) against a method's limits:
 * min defaults to 1 and max 0 means unlimited (spec §9).
 */
export function checkDepositAmount(input: {
  amount: number;
  min?: number | null;
  max?: number | null;
}): { ok: true; amountMinor: number } | { ok: false; error: AmountError; min: number; max: number } {
  const min = input.min && input.min > 0 ? input.min : DEFAULT_METHOD_MIN;
  const max = input.max && input.max > 0 ? input.max : UNLIMITED_MAX;
  const minor = Math.round(input.amount * MINOR_PER_UNIT);
  // More than 2 decimals, NaN, infinities and non-positive amounts are not amounts.
  if (!Number.isFinite(input.amount) || input.amount <= 0 || Math.abs(input.amount * MINOR_PER_UNIT - minor) > 1e-6 || !Number.isSafeInteger(minor)) {
    return { ok: false, error: 'amount_invalid', min, max };
  }
  if (minor < Math.round(min * MINOR_PER_UNIT)) return { ok: false, error: 'amount_too_low', min, max };
  if (max !== UNLIMITED_MAX && minor > Math.round(max * MINOR_PER_UNIT)) return { ok: false, error: 'amount_too_high', min, max };
  return { ok: true, amountMinor: minor };
}

export type DepositCreditReason =
  | 'deposit'
  | 'deposit_bonus_level'
  | 'deposit_bonus_method'
  | 'deposit_bonus_promo'
  | 'deposit_coins'
  | 'promo_instant';

export interface LedgerCredit {
  currency: typeof SITE_CURRENCY | typeof COIN_CURRENCY;
  amountMinor: number;
  reason: DepositCreditReason;
}

export interface DepositCreditInput {
  /** The payment converted to site-currency minor units (toSiteMinor). */
  depositMinor: number;
  /** The level the deposit reached (bonusLevelFor), if any. */
  bonusLevel?: BonusLevel | null;
  /** The method's own bonus percent. */
  methodBonusPercent?: number;
  /** The promo applied to the player; an instant promo adds nothing here (it paid on apply). */
  promo?: PromoTerms | null;
  /** Event coins per 100 units when no blogger offer sets its own tcoinFactor. */
  coinsFactor?: number;
}

export interface DepositPlan {
  /** Rows to write in one transaction, zero amounts left out; the deposit always comes first. */
  credits: LedgerCredit[];
  levelPercent: number;
  methodPercent: number;
  promoPercent: number;
  /** The promo part alone (payment result `bonus.sum_promo`). */
  promoBonusMinor: number;
  /** Level + method + promo bonus, site-currency minor units. */
  bonusMinor: number;
  /** Site-currency total credited: deposit + bonusMinor. */
  totalMinor: number;
  /** Whole tasty coins (payment result `bonus.coins`); coinsMinor = coins × 100 on the coin wallet. */
  coins: number;
  /** The blogger offer's case, granted with the deposit (payment result `bonus.prize`). */
  prize: FlexOffer['case'] | null;
}

/**
 * What a credited payment writes: the deposit, the bonus-level bonus, the method
 * bonus, the promo bonus and the coins. Each bonus is a percent of the deposit itself (bonuses do
 * not compound) and rounds down on its own.
 */
export function planDepositCredits(input: DepositCreditInput): DepositPlan {
  const { depositMinor } = input;
  assertMinor(depositMinor, 'depositMinor');

  const levelBp = input.bonusLevel ? multiplierToBasisPoints(input.bonusLevel.bonusMultiplier) : 0;
  const methodBp = percentToBasisPoints(input.methodBonusPercent ?? 0);

  let promoBp = 0;
  let coinsFactor = input.coinsFactor ?? 0;
  let prize: DepositPlan['prize'] = null;
  if (input.promo?.kind === 'common') {
    promoBp = percentToBasisPoints(input.promo.percent);
  } else if (input.promo?.kind === 'blogger') {
    const offer = flexOfferFor(input.promo.flexOffers, depositMinor);
    if (offer) {
      promoBp = percentToBasisPoints(bloggerPercent(offer.moneyFactor));
      coinsFactor = offer.tcoinFactor;
      prize = offer.case;
    }
  }

  const level = applyBasisPoints(depositMinor, levelBp);
  const method = applyBasisPoints(depositMinor, methodBp);
  const promo = applyBasisPoints(depositMinor, promoBp);
  const coins = coinsForDeposit(depositMinor, coinsFactor);

  const credits: LedgerCredit[] = [{ currency: SITE_CURRENCY, amountMinor: depositMinor, reason: 'deposit' }];
  if (level > 0) credits.push({ currency: SITE_CURRENCY, amountMinor: level, reason: 'deposit_bonus_level' });
  if (method > 0) credits.push({ currency: SITE_CURRENCY, amountMinor: method, reason: 'deposit_bonus_method' });
  if (promo > 0) credits.push({ currency: SITE_CURRENCY, amountMinor: promo, reason: 'deposit_bonus_promo' });
  if (coins > 0) credits.push({ currency: COIN_CURRENCY, amountMinor: coins * MINOR_PER_UNIT, reason: 'deposit_coins' });

  const bonusMinor = level + method + promo;
  return {
    credits,
    levelPercent: levelBp > 0 ? levelBp / 100 : 0,
    methodPercent: methodBp > 0 ? methodBp / 100 : 0,
    promoPercent: promoBp > 0 ? promoBp / 100 : 0,
    promoBonusMinor: promo,
    bonusMinor,
    totalMinor: depositMinor + bonusMinor,
    coins,
    prize,
  };
}

/** The credit an instant promo writes when it is applied. */
export function instantPromoCredit(terms: PromoTerms): LedgerCredit | null {
  if (terms.kind !== 'instant' || terms.sumMinor <= 0) return null;
  assertMinor(terms.sumMinor, 'sumMinor');
  return { currency: SITE_CURRENCY, amountMinor: terms.sumMinor, reason: 'promo_instant' };
}

/** What one top-up brings, as the refill form, the receipt and the ledger all tell it. */
export interface RefillFigures extends DepositPlan {
  /** An instant code's sum, credited when the code is applied with the payment (not one of `credits`). */
  instantMinor: number;
  /** The promo code's whole part: its percent bonus on the deposit, or an instant code's sum. */
  promoTotalMinor: number;
  /** Every site-currency bonus on top of the deposit: level, method, promo percent and an instant sum. */
  extraMinor: number;
  /** Site currency the player gets in all: the deposit and every bonus, an instant code's sum included. */
  receivedMinor: number;
}

/**
 * The one rule for a top-up's figures: the deposit plan (the ledger rows a paid order writes)
 * plus an instant code's sum, which pays when the code is applied with the payment. The server
 * credits with it and answers the refill form's preview with it, so the form, the receipt and
 * the ledger cannot tell different sums.
 */
export function refillFigures(input: DepositCreditInput & { instantMinor?: number }): RefillFigures {
  const promo = input.promo?.kind === 'instant' ? null : (input.promo ?? null);
  const fromTerms = input.promo?.kind === 'instant' ? (instantPromoCredit(input.promo)?.amountMinor ?? 0) : 0;
  const instantMinor = fromTerms + (input.instantMinor ?? 0);
  assertMinor(instantMinor, 'instantMinor');
  const plan = planDepositCredits({ ...input, promo });
  return {
    ...plan,
    instantMinor,
    promoTotalMinor: plan.promoBonusMinor + instantMinor,
    extraMinor: plan.bonusMinor + instantMinor,
    receivedMinor: plan.totalMinor + instantMinor,
  };
}
