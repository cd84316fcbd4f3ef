import { count, desc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import type { OutcomeKind } from '@store/shared/api/provably-fair';

/** One line of a player's outcome list, as each game module reports it (newest first). */
export interface OutcomeLine {
  kind: OutcomeKind;
  id: string;
  createdAt: Date;
  title: string;
  nonce: number;
  /** The seed pair the roll used; null for a battle, whose seeds are its own. */
  seedPairId: number | null;
  /** For a battle: whether it ended (its server seed is shown then). */
  revealed?: boolean;
}

/** The player's newest `limit` outcomes of one game, and how many there are. */
export type OutcomeLister = (userId: number, limit: number) => Promise<{ lines: OutcomeLine[]; total: number }>;

/**
 * A player's newest rows of a game's table, with how many there are: the read every game's
 * outcome list makes (each module passes its own table, so none reads another's).
 */
export async function newestOfPlayer<S extends Record<string, PgColumn>>(
  db: Executor,
  t: { table: PgTable; userId: PgColumn; id: PgColumn },
  fields: S,
  userId: number,
  limit: number,
) {
  const where = eq(t.userId, userId);
  const [found, [total]] = await Promise.all([
    db.select(fields as Record<string, PgColumn>).from(t.table).where(where).orderBy(desc(t.id)).limit(limit),
    db.select({ n: count() }).from(t.table).where(where),
  ]);
  // Generic over the table, drizzle cannot name the row type itself: the fields' own data types.
  return { found: found as { [K in keyof S]: S[K]['_']['data'] }[], total: total!.n };
}
