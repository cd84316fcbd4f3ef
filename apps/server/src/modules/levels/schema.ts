import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns.ts';
import { cases } from '../catalogue/schema.ts';
import { users } from '../users/schema.ts';

// Tables of the levels module (decision 015): experience, level cases, free openings and the
// "your daily case is ready" notifications; other modules reach them through its operations.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A player's experience and what the level rules need to know of their deposits. Written by the
 * experience consumer of the activity stream, so every game's spending counts exactly once.
 */
export const playerLevels = pgTable('player_levels', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  exp: bigint('exp', { mode: 'number' }).notNull().default(0),
  /** levelFromExp(exp), kept beside it for the opening function's level lock (the curve lives in packages/shared only). */
  level: smallint('level').notNull().default(1),
  /** The starting level was generated (once, from the first deposit). */
  wasGenerated: boolean('was_generated').notNull().default(false),
  generatedExp: bigint('generated_exp', { mode: 'number' }).notNull().default(0),
  firstDeposit: money('first_deposit'),
  lastDepositAt: at('last_deposit_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * When a player may next open a level case. One row per player and case: the opening moves
 * `ready_at` a day ahead by a conditional update, so of any number of simultaneous openings one
 * wins. `reminded_at` is null until the "ready" notification for this `ready_at` went out.
 */
export const dailyCaseClaims = pgTable(
  'daily_case_claims',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id),
    openedAt: at('opened_at').notNull(),
    readyAt: at('ready_at').notNull(),
    opens: integer('opens').notNull().default(0),
    remindedAt: at('reminded_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.caseId] }), index('daily_case_claims_due_idx').on(t.readyAt).where(sql`${t.remindedAt} is null`)],
);

/** A free opening of a case a player holds (every-N-th counter, promo code, battle pass, operator). */
export const freeOpenings = pgTable(
  'free_openings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id),
    source: text('source').notNull(),
    /** What granted it, unique: a grant is made once however often its cause is retried. */
    sourceRef: text('source_ref').notNull().unique(),
    expiresAt: at('expires_at'),
    spentAt: at('spent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('free_openings_user_idx').on(t.userId).where(sql`${t.spentAt} is null`)],
);

/** Where a player wants to hear that a daily case is ready; no row means the defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  dailyCases: jsonb('daily_cases').notNull().$type<Record<string, boolean>>(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Messages waiting to go out, written in the transaction that decided to send them (a daily case
 * became ready) and handed to the notifier after it commits: a crash in between delays a message,
 * never loses it, and the key lets the service drop a repeat.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    channels: jsonb('channels').notNull().$type<string[]>(),
    text: text('text').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** `queued` until every channel took it or cannot (`sent`), or until the attempts ran out (`failed`). */
    state: text('state', { enum: ['queued', 'sent', 'failed'] }).notNull().default('queued'),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'queued'`),
    index('notification_outbox_user_idx').on(t.userId, t.id),
  ],
);

/**
 * What the sandbox notification adapter delivered: its outbox, keyed so a retried send is
 * recorded once. A real adapter hands the message to its service instead.
 */
export const sandboxNotifications = pgTable('sandbox_notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  key: text('key').notNull().unique(),
  userId: integer('user_id').notNull(),
  channels: jsonb('channels').notNull().$type<string[]>(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});
