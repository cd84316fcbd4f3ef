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
