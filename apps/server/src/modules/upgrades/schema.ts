import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { money, createdAt } from '../../db/columns.ts';
import { type StakedItem } from '../inventory/schema.ts';
import { fairRollColumns } from '../provably-fair/schema.ts';
import { users } from '../users/schema.ts';

// Tables of the upgrades module; other modules reach them through its operations (a schema may import another only for foreign keys).
/**
 * One upgrade: the staked items (which went to `to_upgrade`), the target, the chance as an
 * integer count of winning tickets, and everything needed to recompute the roll.
 */
export const upgrades = pgTable(
  'upgrades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    items: jsonb('items').notNull().$type<StakedItem[]>(),
    stake: money('stake').notNull(),
    targetKey: text('target_key').notNull(),
    targetPrice: money('target_price').notNull(),
    /** chance × 1000: the number of winning tickets out of 100000. */
    winTickets: integer('win_tickets').notNull(),
    reversed: boolean('reversed').notNull(),
    success: boolean('success').notNull(),
    winItemId: bigint('win_item_id', { mode: 'number' }),
    coinsPrize: money('coins_prize').notNull().default(0),
    ...fairRollColumns(),
    createdAt: createdAt(),
  },
  (t) => [index('upgrades_user_idx').on(t.userId, t.id), index('upgrades_success_idx').on(t.success, t.id)],
);
