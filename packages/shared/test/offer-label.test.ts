import { describe, expect, it } from 'vitest';
import { OFFER_LABEL_COLORS, offerLabelColor } from '../src/offer-label.ts';

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
