/**
 * Domain → wire shapes of ../api/payments.ts: snake_case keys, money in units. The server
 * answers with these; the web never needs the reverse because it reads the wire types.
 */
import { toUnits } from '../money.ts';
import type { CountryConfigWire, GuestPromoInfoWire, PaymentResult, PromoInfoWire, TransactionPreviewResponse } from '../api/payments.ts';
import { bonusPercent, type BonusLevel, type DepositPlan, type RefillFigures } from './bonus.ts';
import type { CountryPaymentConfig } from './countries.ts';
import { bloggerPercent, guestPromoInfo, nextFlexOffer, promoInfo, type PromoRecord, type PromoTerms } from './promo.ts';
import type { PaymentStatus } from './status.ts';

export function countryConfigToWire(config: CountryPaymentConfig): CountryConfigWire {
  return {
    country: config.country,
    currency: {
      code: config.currency.code,
      default_amount: config.currency.defaultAmount,
      rate: config.currency.rate,
      symbol: config.currency.symbol,
    },
    quick_sums: { desktop: [...config.quickSums.desktop], mobile: [...config.quickSums.mobile] },
    methods: config.methods.map((m) => ({
      id: m.id,
      name: m.name,
      pay_method: m.payMethod,
      icon: m.icon,
      label: m.label,
      type: m.type,
      min: m.min,
      max: m.max,
      default_min: m.defaultMin,
      bonus_percent: m.bonusPercent,
      sort: { ...m.sort },
      extra_fields: m.extraFields.map((f) => ({ ...f, options: f.options ? f.options.map((o) => ({ ...o })) : null })),
    })),
  };
}

export const bonusLevelsToWire = (levels: readonly BonusLevel[]) =>
  [...levels]
    .sort((a, b) => a.limit - b.limit)
    .map((l) => ({ limit: l.limit, bonus_multiplier: l.bonusMultiplier, bonus_percent: bonusPercent(l.bonusMultiplier) }));

export function promoInfoToWire(promo: PromoRecord): PromoInfoWire {
  const info = promoInfo(promo);
  return {
    code: info.code,
    type: info.type,
    percent: info.percent,
    sum: toUnits(info.sumMinor),
    img: info.img,
    flex_offers: info.flexOffers.map((o) => ({
      case: { ...o.case },
      tcoin_factor: o.tcoinFactor,
      price_from: o.priceFrom,
      money_factor: o.moneyFactor,
    })),
  };
}

export function guestPromoInfoToWire(promo: PromoRecord): GuestPromoInfoWire {
  const info = guestPromoInfo(promo);
  return { type: info.type, percent: info.percent, flex_offers: info.flexOffers.map((o) => ({ money_factor: o.moneyFactor })) };
}

/** The payment result of an order; a pending or failed order has no plan yet and shows zeros. */
export function paymentResultToWire(input: {
  orderId: string;
  status: PaymentStatus;
  depositMinor: number;
  /** The stored plan; orders credited before instant sums were kept on it have no `instantMinor`. */
  plan: (DepositPlan & Partial<Pick<RefillFigures, 'instantMinor'>>) | null;
}): PaymentResult {
  const { plan } = input;
  const instant = plan?.instantMinor ?? 0;
  return {
    order_id: input.orderId,
    status: input.status,
    value: toUnits(input.depositMinor),
    bonus: {
      coins: plan?.coins ?? 0,
      prize: plan?.prize ? { icon: plan.prize.img, title: plan.prize.name, price: plan.prize.price } : null,
      sum_promo: toUnits((plan?.promoBonusMinor ?? 0) + instant),
      sum_bonus: toUnits((plan?.bonusMinor ?? 0) + instant),
    },
  };
}

/** A top-up's preview: the figures of refillFigures, with the code they counted. */
export function refillPreviewToWire(input: {
  amountMinor: number;
  currency: string;
  figures: RefillFigures;
  promo: { code: string; terms: PromoTerms } | null;
}): TransactionPreviewResponse {
  const { figures: f, promo } = input;
  const next = promo?.terms.kind === 'blogger' ? nextFlexOffer(promo.terms.flexOffers, f.totalMinor - f.bonusMinor) : null;
  return {
    amount: toUnits(input.amountMinor),
    currency: input.currency,
    site_amount: toUnits(f.totalMinor - f.bonusMinor),
    promo: promo && {
      code: promo.code,
      type: promo.terms.kind,
      // The named code's own part: a percent code pays with the deposit, an instant one on apply.
      percent: promo.terms.kind === 'common' || promo.terms.kind === 'blogger' ? f.promoPercent : 0,
      sum: promo.terms.kind === 'instant' ? toUnits(f.instantMinor) : 0,
      next: next && { price_from: next.priceFrom, percent: bloggerPercent(next.moneyFactor) },
    },
    level_percent: f.levelPercent,
    method_percent: f.methodPercent,
    sum_promo: toUnits(f.promoTotalMinor),
    sum_bonus: toUnits(f.extraMinor),
    total: toUnits(f.receivedMinor),
    coins: f.coins,
    prize: f.prize ? { icon: f.prize.img, title: f.prize.name, price: f.prize.price } : null,
  };
}
