import { describe, expect, it } from 'vitest';
import { changedOnly, emptyPromoForm, promoCreateBodyOf, promoEditBodyOf, promoFormOf } from '#app/features/operators/utils/promo-form.ts';

describe('the promo code form', () => {
  it('turns a filled form into the create body, the dates as ISO times', () => {
    const made = promoCreateBodyOf({ ...emptyPromoForm, code: ' spring15 ', value: '15,5', expiresAt: '2030-01-02T10:00', totalLimit: '100' });
    expect(made).toEqual({
      ok: true,
      body: { code: 'spring15', terms: { kind: 'common', percent: 15.5 }, starts_at: null, expires_at: new Date('2030-01-02T10:00').toISOString(), total_limit: 100, per_player_limit: 1 },
    });
    expect(promoCreateBodyOf({ ...emptyPromoForm, code: 'GIFT', kind: 'instant', value: '50' })).toMatchObject({ ok: true, body: { terms: { kind: 'instant', sum: 50 } } });
    expect(promoCreateBodyOf({ ...emptyPromoForm, code: 'BOX', kind: 'case', caseSlug: ' cheap ', days: '3' })).toMatchObject({ ok: true, body: { terms: { kind: 'case', case_slug: 'cheap', days: 3 } } });
  });

  it('names the first field left wrong', () => {
    const form = { ...emptyPromoForm, code: 'GOOD', value: '10' };
    expect(promoCreateBodyOf({ ...form, code: 'no spaces' })).toEqual({ ok: false, field: 'code' });
    expect(promoCreateBodyOf({ ...form, code: 'AB' })).toEqual({ ok: false, field: 'code' });
    expect(promoCreateBodyOf({ ...form, value: '0' })).toEqual({ ok: false, field: 'value' });
    expect(promoCreateBodyOf({ ...form, value: 'ten' })).toEqual({ ok: false, field: 'value' });
    expect(promoCreateBodyOf({ ...form, kind: 'case', caseSlug: '' })).toEqual({ ok: false, field: 'caseSlug' });
    expect(promoCreateBodyOf({ ...form, kind: 'case', caseSlug: 'x', days: '0' })).toEqual({ ok: false, field: 'days' });
    expect(promoCreateBodyOf({ ...form, startsAt: '2030-01-02T00:00', expiresAt: '2030-01-01T00:00' })).toEqual({ ok: false, field: 'expiresAt' });
    expect(promoCreateBodyOf({ ...form, totalLimit: '-1' })).toEqual({ ok: false, field: 'totalLimit' });
    expect(promoCreateBodyOf({ ...form, perPlayerLimit: '1.5' })).toEqual({ ok: false, field: 'perPlayerLimit' });
  });

  it('edits send only what changed, and a blogger code keeps its offers', () => {
    const offers = [{ case: { img: '', name: 'Case', price: 5 }, tcoinFactor: 15, priceFrom: 100, moneyFactor: 110 }];
    const code = { code: 'BLOG', terms: { kind: 'blogger' as const, flexOffers: offers }, startsAt: null, expiresAt: null, totalLimit: 0, perPlayerLimit: 1 };
    const form = promoFormOf(code);
    const was = promoEditBodyOf(form, code.terms);
    const now = promoEditBodyOf({ ...form, totalLimit: '50' }, code.terms);
    expect(was.ok && now.ok && changedOnly(now.body, was.body)).toEqual({ total_limit: 50 });
    expect(was.ok && changedOnly(was.body, was.body)).toBeNull();
    expect(now.ok && now.body.terms).toEqual({ kind: 'blogger', flex_offers: offers });
  });
});
