import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

export interface ConsumerLag {
  name: string;
  /**
   * Rows waiting for the consumer (the queue's depth): the newest id less the consumer's, which ids
   * skipped by rolled-back inserts inflate a little; 0 exactly when nothing waits.
   */
  behind: number;
  /** Age of the oldest row the consumer has not handled, seconds; 0 when it has caught up. */
  lagSeconds: number;
}

/**
 * How far each named consumer is behind the stream, for the metrics at scrape time: the newest
 * id comes from the primary key and the oldest unhandled row from the readers' index, so the
 * query costs a few index probes however far behind a consumer is.
 */
export async function readConsumerLag(db: Db, names: readonly string[]): Promise<ConsumerLag[]> {
  if (!names.length) return [];
  const found = await rows<{ name: string; behind: number | string; lag_s: number | string | null }>(
    db,
    sql`select c.name,
               case when o.created_at is null then 0
                    else greatest(coalesce((select max(id) from activities), 0) - c.last_id, 1) end as behind,
               coalesce(extract(epoch from now() - o.created_at), 0)::float8 as lag_s
          from activity_consumers c
          left join lateral (
            select a.created_at from activities a
             where (a.tx_id, a.id) > (c.last_tx_id, c.last_id)
             order by a.tx_id, a.id limit 1
          ) o on true
         where c.name in (${sql.join(
           names.map((n) => sql`${n}`),
           sql`, `,
         )})`,
  );
  return found.map((r) => ({ name: r.name, behind: Number(r.behind), lagSeconds: Math.max(0, Number(r.lag_s ?? 0)) }));
}
