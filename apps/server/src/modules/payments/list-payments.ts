import { sql } from 'drizzle-orm';
import type { OperatorPayment, OperatorPaymentsQuery } from '@store/shared/api/operator-queue';
import type { DepositPlan } from '@store/shared/payments/bonus';
import type { PaymentStatus } from '@store/shared/payments/status';
import { toUnits } from '@store/shared/money';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

interface PaymentRow {
  id: string;
  user_id: number;
  login: string;
  nickname: string;
  provider: string;
  provider_reference: string | null;
  status: PaymentStatus;
  amount_minor: number | string;
  currency: string;
  country: string;
  pay_method: string;
  site_amount_minor: number | string;
  promo_code: string | null;
  promo_credited: number | string | null;
  plan: DepositPlan | null;
  created_at: Date | string;
  settled_at: Date | string | null;
}

/**
 * The console's payments, newest first, by order id, provider reference, promo code or player
 * (id, login, nickname), optionally in one status. The store keeps of a provider's callbacks what
 * the settling one did (the status, `settled_at`, the credit's plan); a refused or repeated
 * callback changes nothing and lives only in the log, so that is what is shown.
 */
export async function listPaymentsForOperators(db: Db, o: OperatorPaymentsQuery) {
  const q = o.q?.trim();
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const id = q && /^\d{1,9}$/.test(q) ? Number(q) : null;
  const where = sql`${o.status ? sql`p.status = ${o.status}` : sql`true`} and ${
    q
      ? sql`(p.id = ${q} or p.provider_reference = ${q} or upper(p.promo_code) = upper(${q}) or u.login ilike ${like} or u.nickname ilike ${like}
             ${id === null ? sql`` : sql`or p.user_id = ${id}`})`
      : sql`true`
  }`;
  const [list, [total]] = await Promise.all([
    rows<PaymentRow>(
      db,
      sql`select p.id, p.user_id, u.login, u.nickname, p.provider, p.provider_reference, p.status, p.amount_minor, p.currency, p.country,
                 p.pay_method, p.site_amount_minor, p.promo_code, pu.credited_minor as promo_credited, p.plan, p.created_at, p.settled_at
            from payment_orders p join users u on u.id = p.user_id left join promo_uses pu on pu.order_id = p.id
           where ${where} order by p.created_at desc, p.id desc limit ${o.per_page} offset ${(o.page - 1) * o.per_page}`,
    ),
    rows<{ n: number | string }>(db, sql`select count(*) as n from payment_orders p join users u on u.id = p.user_id where ${where}`),
  ]);
  const items: OperatorPayment[] = list.map((p) => ({
    id: p.id,
    player: { id: Number(p.user_id), login: p.login, nickname: p.nickname },
    provider: p.provider,
    provider_reference: p.provider_reference,
    status: p.status,
    amount: toUnits(Number(p.amount_minor)),
    currency: p.currency,
    country: p.country,
    pay_method: p.pay_method,
    site_amount: toUnits(Number(p.site_amount_minor)),
    promo_code: p.promo_code,
    promo_bonus: p.promo_credited === null ? null : toUnits(Number(p.promo_credited)),
    created_at: new Date(p.created_at).toISOString(),
    settled_at: p.settled_at === null ? null : new Date(p.settled_at).toISOString(),
    credits: (p.plan?.credits ?? []).map((c) => ({ currency: c.currency, amount: toUnits(c.amountMinor), reason: c.reason })),
  }));
  return { items, total: Number(total?.n ?? 0), page: o.page, per_page: o.per_page };
}
