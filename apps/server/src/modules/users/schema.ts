import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { money, createdAt } from '../../db/columns.ts';

// Tables of the users module; other modules reach them through its operations (a schema may import another only for foreign keys).
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  login: text('login').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  nickname: text('nickname').notNull(),
  regType: text('reg_type').notNull().default('quick'),
  isAdmin: boolean('is_admin').notNull().default(false),
  isFake: boolean('is_fake').notNull().default(false),
  isBot: boolean('is_bot').notNull().default(false),
  language: text('language').notNull().default('ru'),
  email: text('email'),
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
});
