import { integer, pgTable } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

// Tables of the pwa module (decision 027).

/**
 * The installed app's bonus, paid once per player: the primary key is the once, so of any number
 * of simultaneous claims one inserts the row and credits the coins in the same transaction.
 */
export const pwaBonusClaims = pgTable('pwa_bonus_claims', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  coins: money('coins').notNull(),
  createdAt: createdAt(),
});
