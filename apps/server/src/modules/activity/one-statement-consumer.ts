import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { dueAfter, type ActivityConsumer, type ActivityRow } from './consumer-runner.ts';
import { activities } from './schema.ts';

/** A column of `activities` a batch may carry, by its schema name (`b` has it by its SQL name). */
export type ActivityColumn = Exclude<keyof ActivityRow, 'txId' | 'id'>;

/**
 * A consumer whose whole batch is one statement (decision 015: on the embedded database a
 * transaction of several round trips holds the only connection between them). The statement
 * takes the consumer's position `for update skip locked` (another process on the same consumer
 * steps aside and counts 0), reads up to `batchSize` rows after it below the horizon into `b`,
 * runs the consumer's `steps`, and moves the position to `b`'s last row: what the steps write and
 * how far the consumer got commit together or not at all, so each row counts once.
 *
 * `steps` are the consumer's own CTEs over `b` (tx_id, id and `columns`), written as a `with`
 * list without the leading `with`. Their inserts and updates need not be selected: PostgreSQL runs
 * every data-modifying CTE to completion whether or not the statement reads it. `report` is a
 * scalar over them (the boards a batch changed) handed to `after` once a statement that took rows has
 * committed.
 */
export function oneStatementConsumer<Report = never>(spec: {
  name: string;
  batchSize: number;
  everyMs?: number;
  columns: readonly ActivityColumn[];
  steps: SQL;
  report?: SQL;
  after?: (report: Report | null) => void;
}): ActivityConsumer {
  const { name, columns, steps, report, after } = spec;
  return {
    name,
    batchSize: spec.batchSize,
    everyMs: spec.everyMs,
    async consume(db: Db, limit: number): Promise<number> {
      const [done] = await rows<{ n: number | string; report: Report | null }>(
        db,
        sql`with ${batchAfterPosition(name, columns, limit)}, ${steps}, ${movePosition(name)}
      select (select count(*) from b) as n, ${report ?? sql`null`} as report`,
      );
      // The statement ran on its own, so it has committed by now. A batch that took nothing (no row
      // due yet below the horizon, or another process holds the position) has nothing to tell.
      const n = Number(done?.n ?? 0);
      if (n > 0) after?.(done?.report ?? null);
      return n;
    },
  };
}

const COLUMNS = getTableColumns(activities);

/**
 * The CTEs `pos` (the consumer's position, locked `for update skip locked`) and `b` (up to `limit`
 * rows after it, in stream order, with tx_id, id and `columns`).
 */
const batchAfterPosition = (name: string, columns: readonly ActivityColumn[], limit: number) =>
  sql`pos as (
        select last_tx_id, last_id from activity_consumers where name = ${name} for update skip locked
      ), b as (
        select ${sql.raw(['txId' as const, 'id' as const, ...columns].map((c) => `a.${COLUMNS[c].name}`).join(', '))}
          from activities a, pos where ${dueAfter('a', 'pos')}
         order by a.tx_id, a.id limit ${limit}
      )`;

/** The CTEs `last` (the batch's last row) and `moved` (the position moved to it, counting the batch). */
const movePosition = (name: string) =>
  sql`last as (
        select tx_id, id from b order by tx_id desc, id desc limit 1
      ), moved as (
        update activity_consumers c
           set last_tx_id = last.tx_id, last_id = last.id, handled = c.handled + (select count(*) from b), updated_at = now()
          from last where c.name = ${name}
        returning 1
      )`;
