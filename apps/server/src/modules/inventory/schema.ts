import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { STORE_ITEM_STATUSES } from '@store/shared/constants';
import { money, createdAt } from '../../db/columns.ts';
import { catalogueItems } from '../catalogue/schema.ts';
import { users } from '../users/schema.ts';

// Tables of the inventory module; other modules reach them through its operations (a schema may import another only for foreign keys).
/** An item staked in an upgrade or a contract, as the game row records it. */
export interface StakedItem {
  id: number;
  key: string;
  price: number;
}

export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    itemKey: text('item_key').notNull().references(() => catalogueItems.key),
    price: money('price').notNull(),
    status: text('status').notNull().default('progress'),
    source: text('source').notNull(),
    sourceRef: text('source_ref').notNull(),
    /** The countdown a withdrawn item shows while its purchase is placed (spec §9); null otherwise. */
    timerEndsAt: timestamp('timer_ends_at', { withTimezone: true, mode: 'date' }),
    /**
     * Won from an opening nobody paid for, or paid in event coins (or unpacked from such a pack):
     * locked against sale, exchange, withdrawal and staking until the owner's first deposit (decision 058).
     */
    freeDrop: boolean('free_drop').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('inventory_user_status_idx').on(t.userId, t.status, t.id),
    // Only the statuses this store writes (decision 081): a status the code never meant is refused.
    check('inventory_items_status_known', sql`${t.status} in (${sql.raw(STORE_ITEM_STATUSES.map((s) => `'${s}'`).join(', '))})`),
  ],
);
