import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns.ts';
import { cases } from '../catalogue/schema.ts';
import { leaderboards } from '../leaderboards/schema.ts';
import { users } from '../users/schema.ts';

// Tables of the events module (decision 017): the seasons operators define, their battle pass
// (levels and tasks), each player's progress, claims and raffle. Other modules reach them
// through the module's operations; the coin counters are kept by a trigger on the ledger.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A season. `status` is running until the close job has counted every task of its period, drawn
 * its raffle and paid the prizes (then closed); whether it has begun or ended is read from the
 * dates. Done levels stay claimable until `claim_until`. The raffle's server seed is chosen at
 * creation and only its hash shown until the draw.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    titleRu: text('title_ru').notNull(),
    titleEn: text('title_en').notNull(),
    subtitleRu: text('subtitle_ru').notNull(),
    subtitleEn: text('subtitle_en').notNull(),
    fullNameRu: text('full_name_ru').notNull(),
    fullNameEn: text('full_name_en').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    claimUntil: at('claim_until').notNull(),
    tabs: text('tabs').array().notNull(),
    /** Colours and pictures of spec §3 Event settings (the `EventLook` of look.ts). */
    look: jsonb('look').notNull(),
    raffleSeed: text('raffle_seed').notNull(),
    raffleSeedHash: text('raffle_seed_hash').notNull(),
    /** Whole coins spent on coin cases per raffle ticket. */
    coinsPerTicket: integer('coins_per_ticket').notNull().default(100),
    topLeaderboardId: integer('top_leaderboard_id').references(() => leaderboards.id),
    status: text('status').notNull().default('running'),
    drawnAt: at('drawn_at'),
    closedAt: at('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('events_status_known', sql`${t.status} in ('running', 'closed')`),
    check('events_period', sql`${t.endsAt} > ${t.startsAt} and ${t.claimUntil} >= ${t.endsAt}`),
    index('events_period_idx').on(t.startsAt, t.endsAt),
  ],
);

/** A level of an event's pass: reached at `threshold` whole coins earned; its reward. */
export const eventPassLevels = pgTable(
  'event_pass_levels',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    level: smallint('level').notNull(),
    threshold: integer('threshold').notNull(),
    rewardMoney: money('reward_money').notNull().default(0),
    /** Minor units of the coin wallet. */
    rewardCoins: money('reward_coins').notNull().default(0),
    rewardCaseId: integer('reward_case_id').references(() => cases.id),
    rewardCaseAmount: smallint('reward_case_amount').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.level] }),
    check('event_pass_levels_reward', sql`${t.rewardMoney} >= 0 and ${t.rewardCoins} >= 0 and ${t.rewardCaseAmount} >= 0`),
  ],
);

/** A task of a level: `type` is one of TASK_TYPES, `target` a count or minor units of GOLD. */
export const eventTasks = pgTable(
  'event_tasks',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    level: smallint('level').notNull(),
    type: text('type').notNull(),
    target: bigint('target', { mode: 'number' }).notNull(),
    /** Case openings of these sections only (null: any case). */
    sectionIds: integer('section_ids').array(),
    descriptionRu: text('description_ru').notNull(),
    descriptionEn: text('description_en').notNull(),
    rewardMoney: money('reward_money').notNull().default(0),
    rewardCoins: money('reward_coins').notNull().default(0),
    rewardCaseId: integer('reward_case_id').references(() => cases.id),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('event_tasks_event_idx').on(t.eventId), check('event_tasks_target', sql`${t.target} > 0`)],
);

/** A player's progress on a task, written by the event consumer only; `completed_at` once, when paid. */
export const eventTaskProgress = pgTable(
  'event_task_progress',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => eventTasks.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    progress: bigint('progress', { mode: 'number' }).notNull().default(0),
    completedAt: at('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index('event_task_progress_user_idx').on(t.userId)],
);

/**
 * A player's coins in a season, in minor units of the coin wallet, kept by the ledger trigger
 * (apps/server/sql/store_event_coins.sql) in the transaction of each coin movement: `coins_earned` climbs the pass,
 * `coins_spent` (on coin cases) buys raffle tickets.
 */
export const eventPlayers = pgTable(
  'event_players',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    coinsEarned: money('coins_earned').notNull().default(0),
    coinsSpent: money('coins_spent').notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/** A claimed level: the primary key is what makes a claim pay once. */
export const eventPassClaims = pgTable(
  'event_pass_claims',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    level: smallint('level').notNull(),
    prizeType: text('prize_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId, t.level] })],
);

/** The raffle's prizes, by position (1 first), at the price they had when defined. */
export const eventRafflePrizes = pgTable(
  'event_raffle_prizes',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    position: smallint('position').notNull(),
    itemKey: text('item_key').notNull(),
    price: money('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.position] })],
);

/**
 * The drawn winners, written once by the close (the primary key refuses a second draw), each
 * with its ticket and the tickets in the draw; `inventory_item_id` is set by the conditional
 * update that grants the prize, so a prize is granted once.
 */
export const eventRaffleResults = pgTable(
  'event_raffle_results',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    position: smallint('position').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tickets: integer('tickets').notNull(),
    ticket: integer('ticket').notNull(),
    ticketsInDraw: integer('tickets_in_draw').notNull(),
    inventoryItemId: bigint('inventory_item_id', { mode: 'number' }),
    granted: boolean('granted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.position] })],
);
