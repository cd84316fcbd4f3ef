import { sql, type SQL } from 'drizzle-orm';
import { bigint, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Money is kept in minor units as a bigint read as a JS number (sums stay far below 2^53). */
export const money = (name: string) => bigint(name, { mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * Rows old enough to be shown to everyone: an outcome stays out of the public lists until its
 * animation has ended for its player, so the lists never tell the outcome first (`Reveals.delayMs`). Nothing is held at 0.
 */
export const revealedBy = (column: AnyPgColumn, delayMs: number): SQL | undefined =>
  delayMs > 0 ? sql`${column} <= now() - ${delayMs} * interval '1 millisecond'` : undefined;
