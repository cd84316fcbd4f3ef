import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BONUS_LEVELS,
  applyBasisPoints,
  bonusLevelFor,
  bonusPercent,
  checkDepositAmount,
  coinsBonus,
  coinsForDeposit,
  instantPromoCredit,
  planDepositCredits,
  refillFigures,
  toSiteMinor,
} from '../src/payments/bonus.ts';
import { nextFlexOffer, type PromoTerms } from '../src/payments/promo.ts';

const blogger: PromoTerms = {
  kind: 'blogger',
  img: null,
  flexOffers: [
    { case: { img: '/a.png', name: 'Small', price: 50 }, tcoinFactor: 5, priceFrom: 100, moneyFactor: 110 },
    { case: { img: '/b.png', name: 'Big', price: 500 }, tcoinFactor: 10, priceFrom: 1000, moneyFactor: 115 },
  ],
};

describe('bonus percent = multiplier × 100 (spec §9)', () => {
  it('is exact to hundredths where floats drift', () => {
    expect(0.29 * 100).not.toBe(29); // the drift this guards against
    expect(bonusPercent(0.29)).toBe(29);
    expect(bonusPercent(0.07)).toBe(7);
    expect(bonusPercent(0.125)).toBe(12.5);
    expect(bonusPercent(0)).toBe(0);
    expect(bonusPercent(1)).toBe(100);
  });
});

describe('bonus levels', () => {
  it('picks the highest limit at or below the deposit', () => {
    expect(bonusLevelFor(DEFAULT_BONUS_LEVELS, 49_999)).toBeNull();
    expect(bonusLevelFor(DEFAULT_BONUS_LEVELS, 50_000)).toEqual({ limit: 500, bonusMultiplier: 0.03 });
    expect(bonusLevelFor(DEFAULT_BONUS_LEVELS, 99_999)?.limit).toBe(500);
    expect(bonusLevelFor(DEFAULT_BONUS_LEVELS, 100_000)?.limit).toBe(1000);
    expect(bonusLevelFor(DEFAULT_BONUS_LEVELS, 5_000_000)?.limit).toBe(10_000);
    // order of the table does not matter
    expect(bonusLevelFor([...DEFAULT_BONUS_LEVELS].reverse(), 350_000)?.limit).toBe(3000);
  });
  it('keeps the first of two levels an operator gave the same limit', () => {
    const levels = [{ limit: 500, bonusMultiplier: 0.03 }, { limit: 500, bonusMultiplier: 0.04 }];
    expect(bonusLevelFor(levels, 60_000)).toBe(levels[0]);
  });
});

describe('coins = floor(value × coins / 100) (spec §9)', () => {
  it('floors, in integers', () => {
    expect(coinsBonus(199, 10)).toBe(19);
    expect(coinsBonus(199.99, 10)).toBe(19);
    expect(coinsBonus(200, 10)).toBe(20);
    expect(coinsBonus(2.3, 1000)).toBe(23); // 2.3 * 1000 / 100 is 22.999999999999996 in floats
    expect(coinsBonus(0.99, 100)).toBe(0);
    expect(coinsBonus(1, 100)).toBe(1);
    expect(coinsBonus(1000, 1.5)).toBe(15);
    expect(coinsBonus(1000, 0)).toBe(0);
    expect(coinsForDeposit(123_456, 7)).toBe(Math.floor((1234.56 * 7) / 100));
    // A negative factor in the configuration gives no coins rather than taking some.
    expect(coinsForDeposit(100_000, -5)).toBe(0);
    expect(() => coinsForDeposit(-1, 5)).toThrow('depositMinor must be a non-negative safe integer, got -1');
  });
});

describe('conversion and percentages in minor units', () => {
  it('rounds down and never drifts', () => {
    expect(applyBasisPoints(999, 500)).toBe(49); // 5 % of 9.99 = 0.4995
    expect(applyBasisPoints(1000, 500)).toBe(50);
    expect(applyBasisPoints(1, 9999)).toBe(0);
    expect(applyBasisPoints(1000, 0)).toBe(0);
    expect(applyBasisPoints(1000, -100)).toBe(0);
    // large balances stay exact (BigInt inside)
    expect(applyBasisPoints(9_000_000_000_000_00, 1500)).toBe(1_350_000_000_000_00);
    expect(() => applyBasisPoints(1.5, 100)).toThrow(RangeError);
    expect(() => applyBasisPoints(1.5, 100)).toThrow('amountMinor must be a non-negative safe integer, got 1.5');
    expect(applyBasisPoints(0, 500)).toBe(0);
  });
  it('refuses a result past the largest exact integer instead of rounding it', () => {
    expect(applyBasisPoints(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => applyBasisPoints(Number.MAX_SAFE_INTEGER, 10_001)).toThrow('amount out of range');
    expect(() => toSiteMinor(Number.MAX_SAFE_INTEGER, 2)).toThrow('amount out of range');
  });
  it('converts a country currency to GOLD at its rate', () => {
    expect(toSiteMinor(50_000, 1)).toBe(50_000);
    expect(toSiteMinor(100_000, 0.19)).toBe(19_000); // 1000 KZT → 190 GOLD
    expect(toSiteMinor(1, 0.19)).toBe(0);
    expect(toSiteMinor(1_000, 92)).toBe(92_000);
    expect(toSiteMinor(333, 1.1)).toBe(366); // 3.33 INR = 3.663 GOLD, floored
    expect(toSiteMinor(10, 0.29)).toBe(2); // 0.029 → 0.02
    expect(() => toSiteMinor(100, 0)).toThrow(RangeError);
    expect(() => toSiteMinor(100, -1)).toThrow('rate must be positive, got -1');
    expect(() => toSiteMinor(-100, 1)).toThrow('localMinor must be a non-negative safe integer, got -100');
  });
});

describe('amount limits: min defaults to 1, max 0 is unlimited (spec §9)', () => {
  it('checks the typed amount', () => {
    expect(checkDepositAmount({ amount: 1 })).toEqual({ ok: true, amountMinor: 100 });
    expect(checkDepositAmount({ amount: 0.99 })).toMatchObject({ ok: false, error: 'amount_too_low', min: 1 });
    expect(checkDepositAmount({ amount: 1e9, max: 0 })).toEqual({ ok: true, amountMinor: 1e11 });
    expect(checkDepositAmount({ amount: 100, min: 100, max: 100 })).toEqual({ ok: true, amountMinor: 10_000 });
    expect(checkDepositAmount({ amount: 100.01, min: 100, max: 100 })).toMatchObject({ error: 'amount_too_high', max: 100 });
    expect(checkDepositAmount({ amount: 99.99, min: 100 })).toMatchObject({ error: 'amount_too_low' });
    expect(checkDepositAmount({ amount: 5, min: 0 })).toMatchObject({ ok: true });
    expect(checkDepositAmount({ amount: 0.5, min: 0 })).toMatchObject({ error: 'amount_too_low', min: 1 });
    expect(checkDepositAmount({ amount: 1.234 })).toMatchObject({ error: 'amount_invalid' });
    expect(checkDepositAmount({ amount: 0 })).toMatchObject({ error: 'amount_invalid' });
    expect(checkDepositAmount({ amount: -5 })).toMatchObject({ error: 'amount_invalid' });
    expect(checkDepositAmount({ amount: Number.NaN })).toMatchObject({ error: 'amount_invalid' });
    // float noise from a client's sum is not a third decimal: 0.30000000000000004 is 0.30
    expect(checkDepositAmount({ amount: 0.1 + 0.2, min: 0.3 })).toEqual({ ok: true, amountMinor: 30 });
    expect(checkDepositAmount({ amount: 1.005 })).toMatchObject({ error: 'amount_invalid' });
    expect(checkDepositAmount({ amount: 19.99 })).toEqual({ ok: true, amountMinor: 1999 });
    // Noise of up to a millionth of a minor unit is forgiven: 1e-8 is 0.00, below the minimum, not malformed.
    expect(checkDepositAmount({ amount: 1e-8 })).toEqual({ ok: false, error: 'amount_too_low', min: 1, max: 0 });
    expect(checkDepositAmount({ amount: 1.1e-8 })).toEqual({ ok: false, error: 'amount_invalid', min: 1, max: 0 });
  });
  it('answers every refusal with ok false, the error and the limits in force', () => {
    expect(checkDepositAmount({ amount: 1.234, min: 5, max: 50 })).toEqual({ ok: false, error: 'amount_invalid', min: 5, max: 50 });
    expect(checkDepositAmount({ amount: 4.99, min: 5, max: 50 })).toEqual({ ok: false, error: 'amount_too_low', min: 5, max: 50 });
    expect(checkDepositAmount({ amount: 50.01, min: 5, max: 50 })).toEqual({ ok: false, error: 'amount_too_high', min: 5, max: 50 });
  });
  it('reads a negative limit as not set: min 1 and no max', () => {
    expect(checkDepositAmount({ amount: 0.5, min: -5 })).toEqual({ ok: false, error: 'amount_too_low', min: 1, max: 0 });
    expect(checkDepositAmount({ amount: 1e6, max: -5 })).toEqual({ ok: true, amountMinor: 1e8 });
    expect(checkDepositAmount({ amount: 0.5, min: null, max: null })).toEqual({ ok: false, error: 'amount_too_low', min: 1, max: 0 });
  });
});

describe('planDepositCredits', () => {
  it('writes only the deposit when there is nothing else', () => {
    const plan = planDepositCredits({ depositMinor: 10_000 });
    expect(plan.credits).toEqual([{ currency: 'GOLD', amountMinor: 10_000, reason: 'deposit' }]);
    expect(plan).toMatchObject({ bonusMinor: 0, totalMinor: 10_000, coins: 0, prize: null, promoBonusMinor: 0 });
  });

  it('adds level, method and common promo bonuses on the deposit, not on each other', () => {
    const deposit = 123_457; // 1234.57 GOLD
    const plan = planDepositCredits({
      depositMinor: deposit,
      bonusLevel: bonusLevelFor(DEFAULT_BONUS_LEVELS, deposit),
      methodBonusPercent: 3,
      promo: { kind: 'common', percent: 10, img: null },
      coinsFactor: 2,
    });
    expect(plan.credits).toEqual([
      { currency: 'GOLD', amountMinor: 123_457, reason: 'deposit' },
      { currency: 'GOLD', amountMinor: 6172, reason: 'deposit_bonus_level' }, // 5 % of 1234.57 = 61.7285
      { currency: 'GOLD', amountMinor: 3703, reason: 'deposit_bonus_method' }, // 3 % = 37.0371
      { currency: 'GOLD', amountMinor: 12_345, reason: 'deposit_bonus_promo' }, // 10 % = 123.457
      { currency: 'TASTY_COIN', amountMinor: 2400, reason: 'deposit_coins' }, // floor(1234.57 × 2 / 100) = 24 coins
    ]);
    expect(plan).toMatchObject({ levelPercent: 5, methodPercent: 3, promoPercent: 10, coins: 24, promoBonusMinor: 12_345 });
    expect(plan.bonusMinor).toBe(6172 + 3703 + 12_345);
    expect(plan.totalMinor).toBe(deposit + plan.bonusMinor);
    for (const c of plan.credits) expect(Number.isSafeInteger(c.amountMinor)).toBe(true);
  });

  it('uses the blogger offer the deposit reaches: percent = moneyFactor − 100, its coins and its case', () => {
    const small = planDepositCredits({ depositMinor: 50_000, promo: blogger, coinsFactor: 1 });
    expect(small.promoPercent).toBe(10);
    expect(small.promoBonusMinor).toBe(5000);
    expect(small.coins).toBe(25); // tcoinFactor 5 replaces the event factor
    expect(small.prize?.name).toBe('Small');

    const big = planDepositCredits({ depositMinor: 100_000, promo: blogger });
    expect(big.promoPercent).toBe(15);
    expect(big.promoBonusMinor).toBe(15_000);
    expect(big.coins).toBe(100);
    expect(big.prize?.name).toBe('Big');

    const under = planDepositCredits({ depositMinor: 9_999, promo: blogger, coinsFactor: 1 });
    expect(under.promoBonusMinor).toBe(0);
    expect(under.prize).toBeNull();
    expect(under.coins).toBe(0); // floor(99.99 × 1 / 100)
    expect(under.credits.map((c) => c.reason)).toEqual(['deposit']);
  });

  it('handles fractional money factors without drift', () => {
    const plan = planDepositCredits({
      depositMinor: 100_000,
      promo: { kind: 'blogger', img: null, flexOffers: [{ ...blogger.flexOffers[0]!, priceFrom: 1, moneyFactor: 112.3 }] },
    });
    expect(plan.promoPercent).toBe(12.3);
    expect(plan.promoBonusMinor).toBe(12_300);
  });

  it('an instant promo pays on apply, not with the deposit', () => {
    const instant: PromoTerms = { kind: 'instant', sumMinor: 5000 };
    expect(planDepositCredits({ depositMinor: 10_000, promo: instant }).credits).toHaveLength(1);
    expect(instantPromoCredit(instant)).toEqual({ currency: 'GOLD', amountMinor: 5000, reason: 'promo_instant' });
    expect(instantPromoCredit({ kind: 'common', percent: 5, img: null })).toBeNull();
    expect(instantPromoCredit({ kind: 'instant', sumMinor: 0 })).toBeNull();
    expect(instantPromoCredit({ kind: 'instant', sumMinor: -100 })).toBeNull();
    expect(() => instantPromoCredit({ kind: 'instant', sumMinor: 0.5 })).toThrow('sumMinor must be a non-negative safe integer, got 0.5');
  });

  it('shows 0 % and writes nothing for a negative percent in the configuration', () => {
    const plan = planDepositCredits({
      depositMinor: 10_000,
      bonusLevel: { limit: 1, bonusMultiplier: -0.05 },
      methodBonusPercent: -3,
      promo: { kind: 'common', percent: -10, img: null },
    });
    expect(plan).toMatchObject({ levelPercent: 0, methodPercent: 0, promoPercent: 0, bonusMinor: 0, totalMinor: 10_000 });
    expect(plan.credits).toHaveLength(1);
  });

  it('rounds every bonus down separately for tiny deposits', () => {
    const plan = planDepositCredits({ depositMinor: 1, methodBonusPercent: 99, promo: { kind: 'common', percent: 99, img: null }, coinsFactor: 99 });
    expect(plan.credits).toEqual([{ currency: 'GOLD', amountMinor: 1, reason: 'deposit' }]);
  });

  it('refuses a non-integer deposit', () => {
    expect(() => planDepositCredits({ depositMinor: 100.5 })).toThrow(RangeError);
    expect(() => planDepositCredits({ depositMinor: -1 })).toThrow('depositMinor must be a non-negative safe integer, got -1');
  });
});

describe('refillFigures: the one rule the form, the receipt and the ledger tell', () => {
  const ledgerSum = (f: ReturnType<typeof refillFigures>) =>
    f.credits.filter((c) => c.currency === 'GOLD').reduce((sum, c) => sum + c.amountMinor, 0) + f.instantMinor;

  it('counts an instant code in what the player gets, though it is not one of the deposit rows', () => {
    const f = refillFigures({ depositMinor: 10_000, promo: { kind: 'instant', sumMinor: 5000 }, coinsFactor: 10 });
    expect(f).toMatchObject({ instantMinor: 5000, promoTotalMinor: 5000, extraMinor: 5000, receivedMinor: 15_000, totalMinor: 10_000, coins: 10 });
    expect(f.credits.map((c) => c.reason)).toEqual(['deposit', 'deposit_coins']);
    expect(ledgerSum(f)).toBe(f.receivedMinor);
  });

  it('an instant sum already paid at the start is carried as instantMinor', () => {
    const f = refillFigures({ depositMinor: 10_000, promo: { kind: 'common', percent: 10, img: null }, instantMinor: 5000 });
    expect(f).toMatchObject({ promoBonusMinor: 1000, instantMinor: 5000, promoTotalMinor: 6000, receivedMinor: 16_000 });
  });

  it("a blogger code gives the offer the deposit reaches, not the best one's percent", () => {
    const at500 = refillFigures({ depositMinor: 50_000, promo: blogger, coinsFactor: 10 });
    expect(at500).toMatchObject({ promoPercent: 10, promoBonusMinor: 5000, coins: 25, prize: { name: 'Small' } });
    const at1000 = refillFigures({ depositMinor: 100_000, promo: blogger, coinsFactor: 10 });
    expect(at1000).toMatchObject({ promoPercent: 15, promoBonusMinor: 15_000, coins: 100, prize: { name: 'Big' } });
    expect(refillFigures({ depositMinor: 5000, promo: blogger })).toMatchObject({ promoPercent: 0, promoBonusMinor: 0, prize: null });
  });

  it('the next offer up is the one a larger deposit would reach', () => {
    if (blogger.kind !== 'blogger') throw new Error('blogger terms');
    expect(nextFlexOffer(blogger.flexOffers, 5000)?.priceFrom).toBe(100);
    expect(nextFlexOffer(blogger.flexOffers, 50_000)?.priceFrom).toBe(1000);
    expect(nextFlexOffer(blogger.flexOffers, 100_000)).toBeNull();
  });

  it('the site currency it says the player gets is the sum of the rows it writes, for every kind and many sums', () => {
    const kinds: (PromoTerms | null)[] = [null, { kind: 'common', percent: 7.5, img: null }, { kind: 'instant', sumMinor: 5000 }, blogger, { kind: 'case', caseSlug: 'x', days: 1 }];
    for (const promo of kinds) {
      for (const depositMinor of [1, 99, 10_000, 49_999, 50_000, 99_999, 100_000, 1_234_567]) {
        const f = refillFigures({ depositMinor, promo, bonusLevel: bonusLevelFor(DEFAULT_BONUS_LEVELS, depositMinor), methodBonusPercent: 3, coinsFactor: 10 });
        expect(ledgerSum(f)).toBe(f.receivedMinor);
        expect(f.receivedMinor).toBe(depositMinor + f.extraMinor);
      }
    }
  });
});

// Mutants `npm run mutate` leaves alive in payments/bonus.ts, each equivalent: at the boundary
// both sides give the same result.
// - line 45, `basisPoints <= 0` → `basisPoints < 0`, and line 66, `factor <= 0` → `factor < 0`:
//   a factor of 0 computes floor(amount × 0 / scale) = 0, the value returned early.
// - lines 98 and 99, `input.min > 0` → `input.min >= 0` (and max): a limit of 0 is falsy, so
//   `input.min && …` already chose the default.
// - lines 195 to 197, `levelBp > 0` → `levelBp >= 0` (method and promo too): 0 basis points show as
//   0 / 100 = 0 either way.
