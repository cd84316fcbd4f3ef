import { describe, expect, it } from 'vitest';
import { offerCreateBody } from '@store/shared/api/operator-promotions';
import { emptyOfferCreateForm, offerCasesWorth, offerCreateBodyOf, typedNumber, type OfferCreateFormState } from '#app/features/operators/utils/offer-create-form.ts';

const filled: OfferCreateFormState = {
  ...emptyOfferCreateForm,
  name: ' Spring_Pack ',
  titleRu: ' Весенний набор ',
  titleEn: 'Spring pack',
  price: '99,90',
  oldPrice: '1 200.5',
  cases: [
    { slug: 'cheap', count: '2' },
    { slug: 'knife', count: '1' },
  ],
};

describe('the new offer form', () => {
  it('turns a filled form into the create body the server takes, a comma or a dot before the kopecks', () => {
    const made = offerCreateBodyOf({ ...filled, bonusMoney: '5,5', isSecret: true, sort: '-3', endsAt: '2030-01-02T10:00', totalLimit: '100', reason: ' spring sale ' });
    expect(made).toEqual({
      ok: true,
      body: {
        name: 'spring_pack',
        title_ru: 'Весенний набор',
        title_en: 'Spring pack',
        description_ru: '',
        description_en: '',
        price: 99.9,
        old_price: 1200.5,
        cases: [
          { slug: 'cheap', count: 2 },
          { slug: 'knife', count: 1 },
        ],
        bonus_coins: 0,
        bonus_money: 5.5,
        is_secret: true,
        sort: -3,
        starts_at: null,
        ends_at: new Date('2030-01-02T10:00').toISOString(),
        total_limit: 100,
        reason: 'spring sale',
      },
    });
    expect(made.ok && offerCreateBody.safeParse(made.body).success).toBe(true);
    const plain = offerCreateBodyOf(filled);
    expect(plain.ok && 'reason' in plain.body).toBe(false);
    expect(plain.ok && offerCreateBody.safeParse(plain.body).success).toBe(true);
  });

  it('names the first field left wrong, in the order of the form', () => {
    const wrong = (change: Partial<OfferCreateFormState>) => {
      const checked = offerCreateBodyOf({ ...filled, ...change });
      return checked.ok ? null : checked.field;
    };
    expect(wrong({ name: 'a' })).toBe('name');
    expect(wrong({ name: 'spring pack' })).toBe('name');
    expect(wrong({ name: 'весна' })).toBe('name');
    expect(wrong({ name: '', titleRu: '' })).toBe('name');
    expect(wrong({ titleRu: '  ' })).toBe('titleRu');
    expect(wrong({ titleEn: '' })).toBe('titleEn');
    expect(wrong({ descriptionEn: 'x'.repeat(2001) })).toBe('descriptionEn');
    expect(wrong({ price: '0' })).toBe('price');
    expect(wrong({ price: '10,555' })).toBe('price');
    expect(wrong({ price: 'ten' })).toBe('price');
    expect(wrong({ price: '20000000' })).toBe('price');
    expect(wrong({ oldPrice: '50' })).toBe('oldPrice');
    expect(wrong({ oldPrice: '' })).toBe('oldPrice');
    expect(wrong({ bonusCoins: '-1' })).toBe('bonusCoins');
    expect(wrong({ bonusMoney: '' })).toBe('bonusMoney');
    expect(wrong({ sort: '1.5' })).toBe('sort');
    expect(wrong({ startsAt: '2030-01-02T00:00', endsAt: '2030-01-01T00:00' })).toBe('endsAt');
    expect(wrong({ totalLimit: '-1' })).toBe('totalLimit');
    expect(wrong({ reason: 'no' })).toBe('reason');
  });

  it('takes at least one case, each picked once and opened 1 to 100 times', () => {
    const cases = (lines: OfferCreateFormState['cases']) => {
      const checked = offerCreateBodyOf({ ...filled, cases: lines });
      return checked.ok ? checked.body.cases : checked.field;
    };
    expect(cases([])).toBe('cases');
    expect(cases([{ slug: '', count: '1' }])).toBe('cases');
    expect(cases([{ slug: 'cheap', count: '1' }, { slug: '', count: '1' }])).toBe('cases');
    expect(cases([{ slug: 'cheap', count: '0' }])).toBe('cases');
    expect(cases([{ slug: 'cheap', count: '101' }])).toBe('cases');
    expect(cases([{ slug: 'cheap', count: '1,5' }])).toBe('cases');
    expect(cases([{ slug: 'cheap', count: '1' }, { slug: 'cheap', count: '2' }])).toBe('cases');
    expect(cases(Array.from({ length: 21 }, (_, i) => ({ slug: `case-${i}`, count: '1' })))).toBe('cases');
    expect(cases([{ slug: 'cheap', count: ' 100 ' }])).toEqual([{ slug: 'cheap', count: 100 }]);
  });

  it('reads typed numbers with a comma or a dot and spaces between thousands, and sums what the cases cost', () => {
    expect(typedNumber('1 234,5')).toBe(1234.5);
    expect(typedNumber('1\u00a0234.50')).toBe(1234.5);
    expect(typedNumber('1,2,3')).toBeNull();
    expect(typedNumber(' ')).toBeNull();
    const prices: Record<string, number> = { cheap: 0.1, knife: 150.2 };
    expect(offerCasesWorth(filled.cases, (s) => prices[s])).toBe(150.4);
    expect(offerCasesWorth([{ slug: 'cheap', count: '3' }, { slug: '', count: '1' }, { slug: 'knife', count: 'x' }], (s) => prices[s])).toBe(0.3);
  });
});
