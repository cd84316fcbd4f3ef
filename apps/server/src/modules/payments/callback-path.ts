/** Where a payment provider posts its notification of a paid order: the route, and the address its cabinet is told. */
export const paymentCallbackPath = (provider: string) => `/api/v1/payments/callback/${provider}`;
