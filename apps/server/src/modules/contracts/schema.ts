import { bigint, bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { money, createdAt } from '../../db/columns.ts';
import { type StakedItem } from '../inventory/schema.ts';
import { fairRollColumns } from '../provably-fair/schema.ts';
import { users } from '../users/schema.ts';

// Tables of the contracts module; other modules reach them through its operations (a schema may import another only for foreign keys).
/**
 * One signed contract: the staked items (which went to `to_contract`), the outcome table it
 * was signed with, the roll and the item it gave.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    items: jsonb('items').notNull().$type<StakedItem[]>(),
    stake: money('stake').notNull(),
    outcomes: jsonb('outcomes').notNull().$type<{ key: string; price: number; from: number; to: number }[]>(),
    itemKey: text('item_key').notNull(),
    itemPrice: money('item_price').notNull(),
    inventoryItemId: bigint('inventory_item_id', { mode: 'number' }).notNull(),
    ...fairRollColumns(),
    createdAt: createdAt(),
  },
  (t) => [index('contracts_user_idx').on(t.userId, t.id)],
);
