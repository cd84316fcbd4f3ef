import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

// Tables of the mail module; other modules send through its port.

/** What the sandbox mail service delivered: tests and the operator command read letters here. */
export const sandboxMail = pgTable(
  'sandbox_mail',
  {
    id: serial('id').primaryKey(),
    /** Unique per letter: a repeat of the same key is dropped, like a real service's idempotency. */
    key: text('key').notNull().unique(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_mail_to_idx').on(t.to)],
);
