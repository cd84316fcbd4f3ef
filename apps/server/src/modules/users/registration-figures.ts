import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

/** Accounts registered per UTC day of the window, and in total (the row without a day), for the console's dashboard (decision 031). */
export async function registrationsPerDay(db: Executor, from: string, to: string): Promise<{ day: string | null; count: number }[]> {
  const found = await rows<{ day: string | null; count: number | string }>(
    db,
    sql`select day, count(*)::bigint as count
        from (select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day
              from users where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz) r
        group by grouping sets ((day), ())`,
  );
  return found.map((r) => ({ day: r.day, count: Number(r.count) }));
}
