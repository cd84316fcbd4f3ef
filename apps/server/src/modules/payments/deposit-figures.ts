import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

/**
 * Settled deposits for the console's dashboard (decision 031): per UTC day they settled on, and in
 * total (the row without a day), the GOLD they bought before bonuses and how many there were.
 */
export async function depositsPerDay(
  db: Executor,
  from: string,
  to: string,
): Promise<{ day: string | null; sum: number; count: number }[]> {
  const found = await rows<{ day: string | null; sum: number | string; count: number | string }>(
    db,
    sql`select day, coalesce(sum(site_amount_minor), 0)::bigint as sum, count(*)::bigint as count
        from (select to_char((settled_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, site_amount_minor
              from payment_orders
              where status = 'success' and settled_at >= ${from}::timestamptz and settled_at < ${to}::timestamptz) d
        group by grouping sets ((day), ())`,
  );
  return found.map((r) => ({ day: r.day, sum: Number(r.sum), count: Number(r.count) }));
}
