import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { money, createdAt } from '../../db/columns.ts';
import { cases, caseOdds } from '../catalogue/schema.ts';
import { fairRollColumns } from '../provably-fair/schema.ts';
import { users } from '../users/schema.ts';

// Tables of the cases module; other modules reach them through its operations (a schema may import another only for foreign keys).
export const caseOpens = pgTable(
  'case_opens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batch: text('batch').notNull(),
    userId: integer('user_id').notNull().references(() => users.id),
    caseId: integer('case_id').notNull().references(() => cases.id),
    oddsId: integer('odds_id').notNull().references(() => caseOdds.id),
    price: money('price').notNull(),
    ...fairRollColumns(),
    itemKey: text('item_key').notNull(),
    itemPrice: money('item_price').notNull(),
    /** Free opens (every N-th) still roll and record, with price 0. */
    free: boolean('free').notNull().default(false),
    isTop: boolean('is_top').notNull().default(false),
    /** Whole event coins the opening gave (an event case's roll at cursor 1; 0 for other cases). */
    coins: integer('coins').notNull().default(0),
    inventoryItemId: bigint('inventory_item_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('case_opens_user_idx').on(t.userId, t.id),
    index('case_opens_top_idx').on(t.isTop, t.id),
    // The console counts openings per case and per odds version (decision 029).
    index('case_opens_case_odds_idx').on(t.caseId, t.oddsId),
  ],
);

/** How many times a player opened a case: drives the every-N-th-open-free rule exactly. */
export const userCaseOpens = pgTable(
  'user_case_opens',
  {
    userId: integer('user_id').notNull().references(() => users.id),
    caseId: integer('case_id').notNull().references(() => cases.id),
    opens: integer('opens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.caseId] })],
);
