import { sql } from 'drizzle-orm';
import { bigserial, check, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { cases, catalogueItems } from '../catalogue/schema.ts';

// Tables of the pricing module; other modules reach them through its operations (a schema may import another only for foreign keys).

/**
 * One price run each (decision 078). A run holds the job's lease while it is `running`: one at a
 * time across processes (a partial unique index), renewed after each batch; a run whose lease ran
 * out was killed, and the next run marks it `abandoned` and does the work again. `finished_at` is
 * set only by a run that got to its end.
 */
export const priceRuns = pgTable(
  'price_runs',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull(),
    state: text('state').notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** The list's own `time`, when it came. */
    listTime: timestamp('list_time', { withTimezone: true, mode: 'date' }),
    /** Entries in the list, catalogue skins it priced, prices changed, skins it lacked. */
    seen: integer('seen').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    missing: integer('missing').notNull().default(0),
    batches: integer('batches').notNull().default(0),
    /** Cases out of band after the run. */
    flaggedCases: integer('flagged_cases').notNull().default(0),
    error: text('error'),
  },
  (t) => [
    check('price_runs_state_known', sql`${t.state} in ('running', 'done', 'failed', 'abandoned')`),
    uniqueIndex('price_runs_one_running').on(sql`(true)`).where(sql`${t.state} = 'running'`),
  ],
);

/** Every change of an item's price, written in the batch's transaction with the change itself. */
export const priceHistory = pgTable(
  'price_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemKey: text('item_key')
      .notNull()
      .references(() => catalogueItems.key),
    runId: integer('run_id')
      .notNull()
      .references(() => priceRuns.id),
    oldPrice: money('old_price').notNull(),
    price: money('price').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('price_history_item_idx').on(t.itemKey, t.id), index('price_history_run_idx').on(t.runId)],
);

/** Skins the last run's list lacked: they keep their last price, flagged since the first run that missed them. */
export const priceMissing = pgTable('price_missing', {
  itemKey: text('item_key')
    .primaryKey()
    .references(() => catalogueItems.key),
  since: timestamp('since', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  runId: integer('run_id')
    .notNull()
    .references(() => priceRuns.id),
});

/**
 * A case whose return to player at the run's prices is outside the band, with the odds version it
 * was measured on and, when one exists, the proposed rebalanced table (its RTP at those prices and
 * the simulator's check). Replaced by each run; gone once the case is back inside or off sale.
 */
export const caseBandFlags = pgTable('case_band_flags', {
  caseId: integer('case_id')
    .primaryKey()
    .references(() => cases.id),
  oddsId: integer('odds_id').notNull(),
  runId: integer('run_id')
    .notNull()
    .references(() => priceRuns.id),
  rtp: doublePrecision('rtp').notNull(),
  /** The return when this odds version was written, at that day's prices. */
  rtpAtVersion: doublePrecision('rtp_at_version').notNull(),
  bandMin: doublePrecision('band_min').notNull(),
  bandMax: doublePrecision('band_max').notNull(),
  proposal: jsonb('proposal').$type<{ item: string; from: number; to: number }[]>(),
  proposalRtp: doublePrecision('proposal_rtp'),
  simulatedRtp: doublePrecision('simulated_rtp'),
  simulatedError: doublePrecision('simulated_error'),
  simulatedOpenings: integer('simulated_openings'),
  flaggedAt: timestamp('flagged_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type PriceRunRow = typeof priceRuns.$inferSelect;
export type CaseBandFlagRow = typeof caseBandFlags.$inferSelect;
