import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

// Tables of the provably-fair module; other modules reach them through its operations (a schema may import another only for foreign keys).
export const seedPairs = pgTable(
  'seed_pairs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    revealedAt: timestamp('revealed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('seed_pairs_active_idx').on(t.userId).where(sql`${t.active}`)],
);

/**
 * What a provably-fair roll stores so anyone can recompute it (DESIGN): the seed pair, its
 * committed hash, the client seed, nonce, cursor and the ticket. Case openings, upgrades and
 * contracts keep the same columns; a function, because each table needs its own builders.
 */
export const fairRollColumns = () => ({
  seedPairId: integer('seed_pair_id').notNull().references(() => seedPairs.id),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  nonce: integer('nonce').notNull(),
  cursor: integer('cursor').notNull(),
  ticket: integer('ticket').notNull(),
});
