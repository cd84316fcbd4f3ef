import type { OfferEditBody } from '@store/shared/api/operator-promotions';

/** The offer edit form's fields as typed; the API checks every rule again. */
export interface OfferFormState {
  price: string;
  oldPrice: string;
  totalLimit: string;
}
export type OfferFormField = keyof OfferFormState;

const sum = (v: string) => {
  const n = Number(v.trim().replace(',', '.'));
  return v.trim() && Number.isFinite(n) && n > 0 ? n : null;
};

export const offerFormOf = (o: { price: number; oldPrice: number; totalLimit: number }): OfferFormState => ({
  price: String(o.price),
  oldPrice: String(o.oldPrice),
  totalLimit: String(o.totalLimit),
});

/** The changed fields, or the first field left wrong; null when nothing changed. */
export function offerEditBodyOf(f: OfferFormState, was: { price: number; oldPrice: number; totalLimit: number }): { ok: true; body: OfferEditBody | null } | { ok: false; field: OfferFormField } {
  const price = sum(f.price);
  if (price === null) return { ok: false, field: 'price' };
  const oldPrice = sum(f.oldPrice);
  if (oldPrice === null || oldPrice < price) return { ok: false, field: 'oldPrice' };
  const limit = Number(f.totalLimit.trim());
  if (!f.totalLimit.trim() || !Number.isInteger(limit) || limit < 0) return { ok: false, field: 'totalLimit' };
  const body: OfferEditBody = {};
  if (price !== was.price) body.price = price;
  if (oldPrice !== was.oldPrice) body.old_price = oldPrice;
  if (limit !== was.totalLimit) body.total_limit = limit;
  return { ok: true, body: Object.keys(body).length ? body : null };
}
