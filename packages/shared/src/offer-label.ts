/**
 * The colour of an offer's label (spec §4: offer label colours are mapped for new, updated,
 * soon-gone and bestseller). An operator's own colour wins; a label of a known type without one
 * gets the type's; anything else the accent. The colours are light enough for the label's dark text.
 */
export const OFFER_LABEL_COLORS = {
  new: '#4caf50',
  updated: '#4f9dff',
  soon_gone: '#eb4b4b',
  bestseller: '#e4ae39',
} as const;

/** The label types as the spec and operators spell them, to the map's keys. */
const ALIASES: Record<string, keyof typeof OFFER_LABEL_COLORS> = {
  new: 'new',
  update: 'updated',
  updated: 'updated',
  'soon-gone': 'soon_gone',
  soon_gone: 'soon_gone',
  soongone: 'soon_gone',
  bestseller: 'bestseller',
};

export function offerLabelColor(label: string | null | undefined, own: string | null | undefined): string | null {
  if (own) return own;
  const type = label ? ALIASES[label.trim().toLowerCase()] : undefined;
  return type ? OFFER_LABEL_COLORS[type] : null;
}

/**
 * An offer's discount in whole percent from its prices (minor units): the figure of the card's
 * badge. The offer's text says its discount through `{sale}` (offerText), so both tell this one.
 */
export function offerSalePercent(oldPriceMinor: number, priceMinor: number): number {
  if (!(oldPriceMinor > 0) || !(priceMinor < oldPriceMinor)) return 0;
  return Math.round(((oldPriceMinor - Math.max(0, priceMinor)) * 100) / oldPriceMinor);
}

/** The placeholder an offer's title or description writes its discount with. */
export const OFFER_SALE_PLACEHOLDER = '{sale}';

/** An offer's text with its discount written as the badge's figure: "{sale} % off" → "32 % off". */
export const offerText = (text: string, sale: number): string => text.split(OFFER_SALE_PLACEHOLDER).join(String(sale));

/**
 * The price of a bundle `percentOff` below its cases' total (minor units), rounded down to the
 * minor unit so its badge shows exactly `percentOff`; never below 1 unit.
 */
export const discountedPrice = (oldPriceMinor: number, percentOff: number): number =>
  Math.max(100, Math.floor((oldPriceMinor * (100 - percentOff)) / 100));
