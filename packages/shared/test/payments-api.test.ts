import { describe, expect, it } from 'vitest';
import {
  bonusLevelsResponse,
  countriesResponse,
  countryParams,
  guestPromoInfoResponse,
  paymentResult,
  promoCodeParams,
  promoInfoResponse,
  transactionStartBody,
  transactionStatusQuery,
} from '../src/api/payments.ts';
import { COUNTRY_CONFIGS } from '../src/payments/countries.ts';
import { DEFAULT_BONUS_LEVELS, planDepositCredits } from '../src/payments/bonus.ts';
import { bonusLevelsToWire, countryConfigToWire, guestPromoInfoToWire, paymentResultToWire, promoInfoToWire } from '../src/payments/wire.ts';
import type { PromoRecord } from '../src/payments/promo.ts';

const promo: PromoRecord = {
  code: 'BLOG',
  terms: { kind: 'blogger', img: null, flexOffers: [{ case: { img: '/c.png', name: 'Case', price: 99.5 }, tcoinFactor: 5, priceFrom: 100, moneyFactor: 115 }] },
  startsAt: null,
  expiresAt: null,
  totalLimit: 0,
  perUserLimit: 1,
};

describe('payment contracts', () => {
  it('accept what the domain mappers produce', () => {
    expect(countriesResponse.parse(Object.values(COUNTRY_CONFIGS).map(countryConfigToWire))).toHaveLength(7);
    const levels = bonusLevelsResponse.parse(bonusLevelsToWire([...DEFAULT_BONUS_LEVELS].reverse()));
    expect(levels.map((l) => l.bonus_percent)).toEqual([3, 5, 7, 10]);
    expect(promoInfoResponse.parse(promoInfoToWire(promo))).toMatchObject({ type: 'blogger', percent: 15, sum: 0 });
    expect(guestPromoInfoResponse.strict().parse(guestPromoInfoToWire(promo))).toEqual({ type: 'blogger', percent: 15, flex_offers: [{ money_factor: 115 }] });
    const plan = planDepositCredits({ depositMinor: 100_050, promo: promo.terms });
    expect(paymentResult.parse(paymentResultToWire({ orderId: 'o1', status: 'success', depositMinor: 100_050, plan }))).toEqual({
      order_id: 'o1',
      status: 'success',
      value: 1000.5,
      bonus: { coins: 50, prize: { icon: '/c.png', title: 'Case', price: 99.5 }, sum_promo: 150.07, sum_bonus: 150.07 },
    });
  });

  it('show a country table in snake case with its quick sums', () => {
    const wire = countryConfigToWire(COUNTRY_CONFIGS.RU!);
    expect(wire.currency).toEqual({ code: 'RUB', default_amount: 500, rate: 1, symbol: '₽' });
    expect(wire.quick_sums).toEqual({ desktop: [100, 300, 500, 1000, 3000, 5000], mobile: [300, 500, 1000, 3000] });
    expect(wire.methods[0]).toMatchObject({ id: 101, pay_method: 'sbp', min: 100, default_min: 50, max: 300_000, sort: { desktop: 1, mobile: 1 } });
  });

  it('show zeros and no prize for an order that has no plan yet', () => {
    expect(paymentResultToWire({ orderId: 'o2', status: 'pending', depositMinor: 50_000, plan: null })).toEqual({
      order_id: 'o2',
      status: 'pending',
      value: 500,
      bonus: { coins: 0, prize: null, sum_promo: 0, sum_bonus: 0 },
    });
  });

  it('normalise codes and countries in paths', () => {
    expect(promoCodeParams.parse({ code: '  blog ' })).toEqual({ code: 'BLOG' });
    expect(promoCodeParams.safeParse({ code: '   ' }).success).toBe(false);
    expect(countryParams.parse({ iso: 'kz' })).toEqual({ iso: 'KZ' });
    expect(countryParams.parse({ iso: 'default' })).toEqual({ iso: 'default' });
    expect(countryParams.safeParse({ iso: 'RUS' }).success).toBe(false);
  });

  it('validate a transaction start strictly', () => {
    const body = { country: 'default', method_id: 101, amount: 500, fields: { email: 'a@b.co' } };
    expect(transactionStartBody.parse(body)).toEqual(body);
    expect(transactionStartBody.safeParse({ ...body, amount: -1 }).success).toBe(false);
    expect(transactionStartBody.safeParse({ ...body, fields: { card_number: '4111' } }).success).toBe(false);
    expect(transactionStartBody.safeParse({ ...body, user_id: 1 }).success).toBe(false);
    expect(transactionStatusQuery.safeParse({ orderId: 'ord_1' }).success).toBe(true);
    expect(transactionStatusQuery.safeParse({ orderId: "1' or 1=1" }).success).toBe(false);
  });
});
