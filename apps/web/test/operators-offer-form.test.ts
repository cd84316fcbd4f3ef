import { describe, expect, it } from 'vitest';
import { offerEditBodyOf, offerFormOf } from '#app/features/operators/utils/offer-form.ts';

describe('the offer edit form', () => {
  const offer = { price: 70, oldPrice: 100, totalLimit: 0 };
  it('sends only the changed fields, and nothing when nothing changed', () => {
    const form = offerFormOf(offer);
    expect(offerEditBodyOf(form, offer)).toEqual({ ok: true, body: null });
    expect(offerEditBodyOf({ ...form, price: '65,5', totalLimit: '50' }, offer)).toEqual({ ok: true, body: { price: 65.5, total_limit: 50 } });
  });
  it('names the field left wrong: a price, an old price below it, a limit that is no whole number', () => {
    const form = offerFormOf(offer);
    expect(offerEditBodyOf({ ...form, price: '0' }, offer)).toEqual({ ok: false, field: 'price' });
    expect(offerEditBodyOf({ ...form, oldPrice: '60' }, offer)).toEqual({ ok: false, field: 'oldPrice' });
    expect(offerEditBodyOf({ ...form, totalLimit: '-1' }, offer)).toEqual({ ok: false, field: 'totalLimit' });
    expect(offerEditBodyOf({ ...form, totalLimit: '' }, offer)).toEqual({ ok: false, field: 'totalLimit' });
  });
});
