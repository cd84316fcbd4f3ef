import path from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { serverRoot } from '../platform/paths.ts';

/** The live SQL functions, one file each, named after the function (sql/README.md). */
export const sqlFunctionsFolder = path.join(serverRoot, 'sql');

/**
 * Files created before the others, in this order: PostgreSQL checks a SQL-language function's
 * body when it is created, so what such a body calls must exist already. PL/pgSQL bodies look
 * their callees up when they run, so the rest go in name order.
 */
const CREATED_FIRST = ['store_hmac_pads', 'store_padded_ticket'];

export interface SqlFunctionFile {
  /** The function's name, which is the file's name. */
  name: string;
  file: string;
  text: string;
}

/** The folder's functions in the order they are created. */
export function readSqlFunctions(folder = sqlFunctionsFolder): SqlFunctionFile[] {
  const rank = (name: string) => (CREATED_FIRST.includes(name) ? CREATED_FIRST.indexOf(name) : CREATED_FIRST.length);
  return readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => ({ name: f.slice(0, -'.sql'.length), file: path.join(folder, f), text: readFileSync(path.join(folder, f), 'utf8') }))
    .sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Creates or replaces every function of sql/ after the migrations, on every start, in one
 * transaction: the database runs the code of this release's files whatever the migrations left.
 * A server database calls it inside `startupExclusive`, as two processes replacing the same
 * function at once may fail ("tuple concurrently updated").
 */
export async function applySqlFunctions(db: Db): Promise<void> {
  const functions = readSqlFunctions();
  await db.transaction(async (tx) => {
    // One statement per file: PGlite's extended protocol takes one at a time.
    for (const f of functions) await tx.execute(sql.raw(f.text));
  });
}
