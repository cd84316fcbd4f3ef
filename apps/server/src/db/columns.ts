import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Money is kept in minor units as a bigint read as a JS number (sums stay far below 2^53). */
export const money = (name: string) => bigint(name, { mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
