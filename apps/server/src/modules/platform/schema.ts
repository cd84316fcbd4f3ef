import { bigint, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

// Tables of the platform module; other modules reach them through its operations (a schema may import another only for foreign keys).
/** Store-wide counters (opened, users...) split in shards so hot increments do not queue on one row. */
export const counters = pgTable(
  'counters',
  {
    name: text('name').notNull(),
    shard: smallint('shard').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.shard] })],
);

export const storeMeta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
