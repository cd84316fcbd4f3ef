import { eq } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { users } from './schema.ts';

/** The player's interface language, which letters and messages outside the site also use. */
export async function findLanguage(db: Executor, userId: number): Promise<Lang> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('userNotFound');
  return row.language === 'en' ? 'en' : 'ru';
}

export async function setLanguage(db: Executor, userId: number, language: Lang): Promise<Lang> {
  const [row] = await db.update(users).set({ language }).where(eq(users.id, userId)).returning({ language: users.language });
  if (!row) throw new AppError('userNotFound');
  return language;
}
