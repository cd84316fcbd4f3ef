import type { z } from 'zod';
import type { offersResponse } from '@store/shared/api/payments';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type OfferData = Camel<z.infer<typeof offersResponse>>[number];

/** GET /api/v1/offers (and `?secret=1` for the secret shop): one-off discounted bundles of cases. */
export const getOffers = (call: ApiCaller, secret = false) => call<z.infer<typeof offersResponse>>(`/api/v1/offers${secret ? '?secret=1' : ''}`);
