import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { money, createdAt } from '../../db/columns.ts';

// Tables of the users module; other modules reach them through its operations (a schema may import another only for foreign keys).
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull().unique(),
    /** Null for an account made through a sign-in provider: it has no password to sign in with. */
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull(),
    regType: text('reg_type').notNull().default('quick'),
    /** The spec's `admin` flag: kept equal to `role = 'admin'` by a check, so it cannot drift from the role. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** The operator role (`support`, `admin`), null for a player; what each may do is packages/shared/src/operators.ts. */
    role: text('role'),
    /** Set while an operator has the account blocked: its sessions are refused and it cannot sign in (decision 029). */
    blockedAt: timestamp('blocked_at', { withTimezone: true, mode: 'date' }),
    blockedReason: text('blocked_reason'),
    isFake: boolean('is_fake').notNull().default(false),
    isBot: boolean('is_bot').notNull().default(false),
    language: text('language').notNull().default('ru'),
    email: text('email'),
    /** When the player confirmed `email` through the mailed link; cleared when the address changes. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
    /** Which picture the player shows: `generated`, or a linked provider's (its name). */
    avatarSource: text('avatar_source').notNull().default('generated'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    city: text('city'),
    country: text('country'),
    ip: text('ip'),
    steamLink: text('steam_link'),
    steamLogin: text('steam_login'),
    casesOpened: integer('cases_opened').notNull().default(0),
    spent: money('spent').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_role_known', sql`${t.role} in ('support', 'admin')`),
    check('users_admin_is_role', sql`${t.isAdmin} = coalesce(${t.role} = 'admin', false)`),
  ],
);

/** POST /api/v1/users/sessions (spec §7): the landing page and the ad network's cookies of a visit. */
export const marketingSessions = pgTable(
  'marketing_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    sessionUrl: text('session_url').notNull(),
    fbp: text('fbp'),
    fbc: text('fbc'),
    createdAt: createdAt(),
  },
  (t) => [index('marketing_sessions_user_idx').on(t.userId)],
);

/** A mailed confirmation link: only the token's sha256 is kept; one use, then `used_at`. */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('email_confirmations_user_idx').on(t.userId)],
);

/** The player's subscriptions (spec §3): one row per channel they turned on or off. */
export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    channel: text('channel').notNull(),
    subscribed: boolean('subscribed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] })],
);
