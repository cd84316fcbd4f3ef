/** Payment order statuses (spec §3 payment result) and what the result page shows (spec §4). */

export const PAYMENT_STATUSES = ['pending', 'success', 'fail'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export type PaymentStatusView = 'wait' | 'fail' | 'success';

/** Spec §4: pending is wait, fail is fail, anything else is success. */
export function paymentStatusView(status: string | null | undefined): PaymentStatusView {
  if (status === 'pending') return 'wait';
  if (status === 'fail') return 'fail';
  return 'success';
}

/**
 * What a provider event does to an order. Success and fail are final, so a replayed or late
 * callback never credits twice or takes a credited payment back; the server still runs this
 * inside the conditional update (`where status = 'pending'`) that settles races.
 */
export function orderTransition(current: PaymentStatus, incoming: PaymentStatus): 'credit' | 'fail' | 'ignore' {
  if (current !== 'pending') return 'ignore';
  if (incoming === 'success') return 'credit';
  if (incoming === 'fail') return 'fail';
  return 'ignore';
}
