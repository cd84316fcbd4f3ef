import { sql } from 'drizzle-orm';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { CsvExportSource } from '../../platform/csv.ts';

interface PaymentRow {
  id: string;
  user_id: number;
  provider: string;
  provider_reference: string | null;
  status: string;
  amount_minor: number | string;
  currency: string;
  country: string;
  pay_method: string;
  site_amount_minor: number | string;
  promo_code: string | null;
  created_at: Date | string;
  settled_at: Date | string | null;
  /** created_at as PostgreSQL writes it, to the microsecond: the keyset cursor. */
  cursor_at: string;
}

/**
 * The deposit orders opened in a period, in their state now, for the console's export. Order ids
 * are random, so the pages follow (created_at, id).
 */
export const paymentsExport = (db: Executor): CsvExportSource => ({
  columns: ['order_id', 'player_id', 'provider', 'provider_reference', 'status', 'amount', 'currency', 'country', 'pay_method', 'site_amount', 'promo_code', 'created_at', 'settled_at'],
  async page({ from, to, after, limit }) {
    const [afterAt, afterId] = after === null ? [null, null] : [after.slice(0, after.indexOf('|')), after.slice(after.indexOf('|') + 1)];
    const list = await rows<PaymentRow>(
      db,
      sql`select id, user_id, provider, provider_reference, status, amount_minor, currency, country, pay_method, site_amount_minor, promo_code,
                 created_at, settled_at, created_at::text as cursor_at
            from payment_orders
           where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
             ${afterAt === null ? sql`` : sql`and (created_at, id) > (${afterAt}::timestamptz, ${afterId})`}
           order by created_at, id limit ${limit}`,
    );
    const last = list[list.length - 1];
    return {
      cells: list.map((r) => [
        r.id, r.user_id, r.provider, r.provider_reference, r.status, toUnits(Number(r.amount_minor)), r.currency, r.country, r.pay_method,
        toUnits(Number(r.site_amount_minor)), r.promo_code, new Date(r.created_at), r.settled_at && new Date(r.settled_at),
      ]),
      after: last ? `${last.cursor_at}|${last.id}` : null,
    };
  },
});
