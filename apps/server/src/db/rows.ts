import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * Runs raw SQL and returns its rows typed as the caller declares them. Both drivers answer
 * `{ rows }`; Drizzle's `execute` types that loosely, so the one cast lives here. bigint columns
 * may come back as strings from PGlite: declare them `number | string` and convert.
 */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The next id of a table's serial column, for rows that must name themselves before insert (refs). */
export async function nextId(db: Executor, table: string): Promise<number> {
  const [row] = await rows<{ id: number | string }>(db, sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::bigint as id`);
  return Number(row!.id);
}
