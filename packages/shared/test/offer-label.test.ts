import { describe, expect, it } from 'vitest';
import { OFFER_LABEL_COLORS, discountedPrice, offerLabelColor, offerSalePercent, offerText } from '../src/offer-label.ts';

describe("an offer label's colour (spec §4)", () => {
  it('maps new, updated, soon-gone and bestseller, however the type is spelt', () => {
    expect(offerLabelColor('new', null)).toBe(OFFER_LABEL_COLORS.new);
    expect(['update', 'updated', 'UPDATED'].map((l) => offerLabelColor(l, null))).toEqual(Array(3).fill(OFFER_LABEL_COLORS.updated));
    expect(['soon-gone', 'soon_gone'].map((l) => offerLabelColor(l, undefined))).toEqual(Array(2).fill(OFFER_LABEL_COLORS.soon_gone));
    expect(offerLabelColor('bestseller', null)).toBe(OFFER_LABEL_COLORS.bestseller);
    expect(new Set(Object.values(OFFER_LABEL_COLORS)).size).toBe(4);
  });

  it("keeps an operator's own colour, and has none for an unknown type or no label", () => {
    expect(offerLabelColor('new', '#123456')).toBe('#123456');
    expect(offerLabelColor('cashback', null)).toBeNull();
    expect(offerLabelColor(null, null)).toBeNull();
  });
});

describe("an offer's discount: the badge's figure, written into its text", () => {
  it('is the whole percent of the prices, 0 without a saving', () => {
    expect(offerSalePercent(1390, 945)).toBe(32);
    expect(offerSalePercent(10_000, 7000)).toBe(30);
    expect(offerSalePercent(0, 0)).toBe(0);
    expect(offerSalePercent(1000, 1000)).toBe(0);
    expect(offerSalePercent(1000, 1200)).toBe(0);
  });

  it('a bundle priced by discountedPrice shows exactly the percent it was priced at', () => {
    for (const old of [1390, 2_345, 99_999, 123_457, 5_000_000]) {
      for (const p of [20, 30, 50]) expect(offerSalePercent(old, discountedPrice(old, p)), `${old} at ${p}`).toBe(p);
    }
  });

  it('writes {sale} as the figure, everywhere it stands', () => {
    expect(offerText('Скидка {sale} % — {sale} %!', 32)).toBe('Скидка 32 % — 32 %!');
    expect(offerText('No figure here', 30)).toBe('No figure here');
  });
});
