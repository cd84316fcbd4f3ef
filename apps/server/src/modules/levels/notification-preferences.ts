import { eq, sql } from 'drizzle-orm';
import { DEFAULT_DAILY_NOTIFICATIONS, NOTIFICATION_CHANNELS, type DailyNotificationPreferences } from '@store/shared/api/levels';
import type { Executor } from '../../db/client.ts';
import { notificationPreferences } from './schema.ts';

const complete = (stored: Record<string, boolean> | undefined): DailyNotificationPreferences => ({ ...DEFAULT_DAILY_NOTIFICATIONS, ...stored });

export async function getDailyPreferences(db: Executor, userId: number): Promise<DailyNotificationPreferences> {
  const [row] = await db.select({ daily: notificationPreferences.dailyCases }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return complete(row?.daily);
}

/** Changes the given channels and keeps the rest (merged in the database, so two changes at once both hold); answers the whole set. */
export async function updateDailyPreferences(db: Executor, userId: number, change: Partial<DailyNotificationPreferences>): Promise<DailyNotificationPreferences> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, dailyCases: { ...DEFAULT_DAILY_NOTIFICATIONS, ...change } })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { dailyCases: sql`${notificationPreferences.dailyCases} || ${JSON.stringify(change)}::jsonb`, updatedAt: sql`now()` },
    })
    .returning({ daily: notificationPreferences.dailyCases });
  return complete(row!.daily);
}

/** The channels a set of preferences turns on. */
export const enabledChannels = (p: DailyNotificationPreferences): string[] => NOTIFICATION_CHANNELS.filter((c) => p[c]);
