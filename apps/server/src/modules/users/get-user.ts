import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from './schema.ts';
import { AppError } from '../../http/errors.ts';

export type UserRow = typeof users.$inferSelect;

export const avatarUrl = (userId: number) => `/img/avatars/${userId}.svg`;

/** A player's whole row, or `userNotFound`. */
export async function findUser(db: Executor, userId: number): Promise<UserRow> {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!rows[0]) throw new AppError('userNotFound');
  return rows[0];
}
