import { index, integer, pgTable, jsonb, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

// Tables of the auth module; other modules reach them through its operations (a schema may import another only for foreign keys).
/** Tokens are stored as sha256 hashes: a leaked table signs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The browser that signed in, for the profile's list of sessions. */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A provider identity linked to an account. The primary key makes one identity belong to one
 * account whatever the races; the unique (user, provider) keeps one of each provider per account.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    avatarUrl: text('avatar_url'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), uniqueIndex('user_identities_user_provider_idx').on(t.userId, t.provider)],
);

/**
 * A sign-in under way: the one-time state the provider hands back, with what the callback needs
 * (PKCE verifier, nonce, the page to return to, the account to link). Taken by a delete, so a
 * state is honoured once.
 */
export const signinFlows = pgTable('signin_flows', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnPath: text('return_path').notNull(),
  linkUserId: integer('link_user_id').references(() => users.id),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * The sandbox identity provider's memory (decision 022): codes and assertions it issued, one
 * use each, like the real services.
 */
export const sandboxSigninGrants = pgTable('sandbox_signin_grants', {
  code: text('code').primaryKey(),
  provider: text('provider').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: createdAt(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});
