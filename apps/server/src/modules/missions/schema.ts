import { integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, money } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

// Tables of the missions module; other modules reach them through its operations (a schema may import another only for foreign keys).

/**
 * A mission's prize paid to a player. The primary key is the once: a second claim of the same
 * mission, however it races the first, finds the row and pays nothing.
 */
export const missionRewards = pgTable(
  'mission_rewards',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** `fast` or `social`. */
    kind: text('kind').notNull(),
    type: text('type').notNull(),
    prize: money('prize').notNull(),
    /**
     * The network account a social mission was paid for: one Steam or VK account earns the prize
     * once, even if it is unlinked and linked to another store account afterwards.
     */
    subject: text('subject'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.type] }),
    uniqueIndex('mission_rewards_subject_idx').on(t.kind, t.type, t.subject).where(sql`${t.subject} is not null`),
  ],
);

/** The sandbox networks' memory: who joined the store's Steam group or VK community (tests and the sandbox screens join). */
export const sandboxCommunityMembers = pgTable(
  'sandbox_community_members',
  {
    network: text('network').notNull(),
    memberId: text('member_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.network, t.memberId] })],
);

/**
 * Mission steps counted from the activity stream (decision 013): one row per player and mission,
 * its progress capped at done (3). Written by the missions consumer, and for the push missions'
 * ordered steps by `reachMissionStep` (decision 027).
 */
export const missionProgress = pgTable(
  'mission_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    progress: smallint('progress').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
