import { sql, type SQL } from 'drizzle-orm';
import type { Measure } from '@store/shared/progression';

/**
 * What `measureOf` (packages/shared/src/progression.ts) takes from the stream's row `b`, in SQL.
 * The record names every measure, so a new one does not compile until it has its column here;
 * sql-twins.test.ts holds each equal to the shared function.
 */
const COLUMNS: Record<Measure, SQL> = {
  amount: sql.raw('greatest(b.amount, 0)'),
  won: sql.raw('greatest(b.won, 0)'),
  count: sql.raw('greatest(b.count, 0)'),
  win: sql.raw('(b.won > 0)::int'),
  one: sql.raw('1'),
};
const MEASURES = Object.keys(COLUMNS) as Measure[];

/** What the row `b` adds under the measure named by `measure` (a column or a parameter); 0 for none. */
export const measureSql = (measure: SQL): SQL =>
  sql`(case ${measure} ${sql.join(
    MEASURES.map((m) => sql`when ${m}::text then ${COLUMNS[m]}`),
    sql` `,
  )} else 0 end)`;

/** One row of a counter's rule: which counter (a board type, a mission), the kind it counts, how. */
export interface RuleRow {
  target: string;
  kind: string;
  measure: Measure;
}

/**
 * The rules as a table `r(target, kind, measure)` built from bound arrays, for a `with` list: the
 * consumers join the stream to it, so what counts is written once, in packages/shared.
 */
export const rulesTable = (rules: readonly RuleRow[]): SQL =>
  sql`r as (select * from unnest(${sql.param(rules.map((x) => x.target))}::text[], ${sql.param(rules.map((x) => x.kind))}::text[],
                                 ${sql.param(rules.map((x) => x.measure))}::text[]) as r(target, kind, measure))`;
