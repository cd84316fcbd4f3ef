import type { GuestPromoInfoWire, PromoInfoWire } from '@store/shared/api/payments';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type PromoOfferData = Camel<GuestPromoInfoWire> & Partial<Pick<Camel<PromoInfoWire>, 'sum' | 'flexOffers'>>;

/**
 * What a promo code gives: GET /api/v1/payments/promo/info/{code} for a player, or the guest
 * variant (type, percent and money factors only) for a guest.
 */
export const getPromoOffer = (call: ApiCaller, code: string, signedIn: boolean) =>
  signedIn
    ? (call<PromoInfoWire>(`/api/v1/payments/promo/info/${encodeURIComponent(code)}`) as Promise<PromoOfferData>)
    : (call<GuestPromoInfoWire>(`/api/v1/payments/promo/info/guest/${encodeURIComponent(code)}`) as Promise<PromoOfferData>);
