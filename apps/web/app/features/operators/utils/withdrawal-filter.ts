import { PAYMENT_STATUSES, type PaymentStatus } from '@store/shared/payments/status';

/** The withdrawal queue's filter and page, as they stand in its address. */
export interface WithdrawalFilter {
  state: 'attention' | 'all';
  q: string | null;
  page: number;
}

/** The payments list's filter and page, as they stand in its address. */
export interface PaymentFilter {
  status: PaymentStatus | null;
  q: string | null;
  page: number;
}

export const QUEUE_PER_PAGE = 25;
const positive = (v: string | null): number | null => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);
const text = (v: string | null): string | null => {
  const t = v?.trim() ?? '';
  return t && t.length <= 100 ? t : null;
};

/** Reads the queue's filter from the page's address; anything malformed is left out rather than refused. */
export const withdrawalFilterOf = (params: URLSearchParams): WithdrawalFilter => ({
  state: params.get('state') === 'all' ? 'all' : 'attention',
  q: text(params.get('q')),
  page: positive(params.get('page')) ?? 1,
});

export const paymentFilterOf = (params: URLSearchParams): PaymentFilter => {
  const status = params.get('status');
  return { status: (PAYMENT_STATUSES as readonly string[]).includes(status ?? '') ? (status as PaymentStatus) : null, q: text(params.get('q')), page: positive(params.get('page')) ?? 1 };
};

/** The query of `GET /api/v1/admin/withdrawals` or `/payments` for a filter. */
export function queueQueryOf(f: WithdrawalFilter | PaymentFilter): string {
  const q = new URLSearchParams({ page: String(f.page), per_page: String(QUEUE_PER_PAGE) });
  if ('state' in f) q.set('state', f.state);
  if ('status' in f && f.status !== null) q.set('status', f.status);
  if (f.q !== null) q.set('q', f.q);
  return q.toString();
}

/** The page's own address for a filter: only what differs from the default. */
export function queueSearchOf(f: WithdrawalFilter | PaymentFilter): string {
  const q = new URLSearchParams();
  if ('state' in f && f.state === 'all') q.set('state', 'all');
  if ('status' in f && f.status !== null) q.set('status', f.status);
  if (f.q !== null) q.set('q', f.q);
  if (f.page > 1) q.set('page', String(f.page));
  const s = q.toString();
  return s ? `?${s}` : '';
}
