import { describe, expect, it } from 'vitest';
import { camelize } from '#app/lib/api.ts';

describe('camelize: API answers in snake_case become the camelCase the pages read', () => {
  it('renames keys at every depth, inside objects and arrays', () => {
    const answer = {
      user_id: 7,
      price_data: { old_price: null, price: 12.5 },
      cases: [{ case_name: 'spring', statistic_data: { opens_remaining: 3 } }],
    };
    expect(camelize(answer)).toEqual({
      userId: 7,
      priceData: { oldPrice: null, price: 12.5 },
      cases: [{ caseName: 'spring', statisticData: { opensRemaining: 3 } }],
    });
  });

  it('joins on digits as well as letters', () => {
    expect(camelize({ every_n_opens_free: 5, top_3_items: [], x_2: true })).toEqual({ everyNOpensFree: 5, top3Items: [], x2: true });
  });

  it('changes keys only, never values: label types and item names keep their underscores', () => {
    const out = camelize({ label_data: { type: 'fifty_fifty', name: 'Glock_18 | fade' }, tags: ['to_upgrade', 'vendor waiting'] });
    expect(out).toEqual({ labelData: { type: 'fifty_fifty', name: 'Glock_18 | fade' }, tags: ['to_upgrade', 'vendor waiting'] });
  });

  it('leaves keys that are already camelCase or have no underscore as they are', () => {
    expect(camelize({ userId: 1, price: 2, ID: 3 })).toEqual({ userId: 1, price: 2, ID: 3 });
  });

  it('passes plain values through: numbers, strings, booleans, null, nested arrays', () => {
    expect(camelize(0)).toBe(0);
    expect(camelize('snake_case')).toBe('snake_case');
    expect(camelize(false)).toBe(false);
    expect(camelize(null)).toBeNull();
    expect(camelize([[{ a_b: 1 }], []])).toEqual([[{ aB: 1 }], []]);
    expect(camelize({ range: [1, 5] })).toEqual({ range: [1, 5] });
  });

  it('renames every key the same way however many different keys it has met (keys made of data included)', () => {
    const many = Object.fromEntries(Array.from({ length: 6000 }, (_, i) => [`item_${i}_price`, i]));
    const out = camelize(many);
    expect(Object.keys(out)).toHaveLength(6000);
    expect(out).toMatchObject({ item0Price: 0, item4095Price: 4095, item5999Price: 5999 });
    // Once past the keys it keeps, it still renames keys it met before and keys it never met.
    expect(camelize({ item_5999_price: 1, user_id: 2, brand_new_key: 3 })).toEqual({ item5999Price: 1, userId: 2, brandNewKey: 3 });
  });

  it('does not change the answer it was given', () => {
    const answer = { user_id: 1, items: [{ item_id: 2 }] };
    camelize(answer);
    expect(answer).toEqual({ user_id: 1, items: [{ item_id: 2 }] });
  });
});
