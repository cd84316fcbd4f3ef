import { z } from 'zod';
import { amount } from './common.ts';

/** A level case as the level object names it (spec §3): the name without the word LEVEL. */
export const levelCaseRef = z.object({ case_name: z.string(), link: z.string(), id: z.number() });
export type LevelCaseRef = z.infer<typeof levelCaseRef>;

/** The player's level object of spec §3 User level. */
export const levelInfo = z.object({
  user_level: z.number(),
  current_exp: z.number(),
  exp_previous_level: z.number(),
  exp_to_next_level: z.number(),
  percent_to_next_level: z.number(),
  was_generated_lvl: z.boolean(),
  /** Seconds until the nearest unlocked level case is ready: 0 now, null when none is unlocked. */
  nearest_case_time: z.number().nullable(),
  /** The next level case to unlock, null past the last one. */
  next_level_case_data: levelCaseRef.nullable(),
  /** The level cases the player's level unlocks. */
  available_cases: z.array(levelCaseRef),
});
export type LevelInfoWire = z.infer<typeof levelInfo>;

export const levelGenerateResponse = z.object({ success: z.literal(true), generated_exp: z.number(), levels: levelInfo });
export type LevelGenerateResponse = z.infer<typeof levelGenerateResponse>;

/** Why a level case cannot be opened now: the level, the operator's lock, or the deposit rule. */
export const dailyLockReason = z.enum(['level', 'flag', 'deposit']);
export type DailyLockReason = z.infer<typeof dailyLockReason>;

export const dailyCase = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  /** The name without the word LEVEL, e.g. "15". */
  short_name: z.string(),
  link: z.string(),
  level: z.number(),
  locked: z.boolean(),
  lock_reason: dailyLockReason.nullable(),
  /** Ready to open now (unlocked and its day has passed). */
  ready: z.boolean(),
  /** Seconds until ready; 0 when ready or never opened. */
  ready_in: z.number(),
  ready_at: z.string().nullable(),
  image: z.string(),
  color: z.string(),
  /** Level cases cost nothing; old_price is what the case is worth, for the card. */
  price_data: z.object({ currency: z.string(), price: amount, old_price: amount }),
});
export type DailyCase = z.infer<typeof dailyCase>;

/** The deposit rule for level cases: at `from_level` and above, a deposit within `days` days. */
export const dailyDepositRule = z.object({ from_level: z.number(), days: z.number(), satisfied: z.boolean() });

export const dailyCasesResponse = z.object({
  user_level: z.number(),
  nearest_case_time: z.number().nullable(),
  deposit_rule: dailyDepositRule,
  cases: z.array(dailyCase),
});
export type DailyCasesResponse = z.infer<typeof dailyCasesResponse>;

export const dailyInfoResponse = z.object({
  user_level: z.number(),
  nearest_case_time: z.number().nullable(),
  ready_count: z.number(),
  available_count: z.number(),
  next_level_case_data: levelCaseRef.nullable(),
});
export type DailyInfoResponse = z.infer<typeof dailyInfoResponse>;

export const FREE_OPEN_SOURCES = ['every_n', 'promo', 'battle_pass', 'operator'] as const;
export const freeOpenSource = z.enum(FREE_OPEN_SOURCES);
export type FreeOpenSource = z.infer<typeof freeOpenSource>;

const freeCaseRef = z.object({ id: z.number(), slug: z.string(), name: z.string(), image: z.string(), color: z.string() });

/** A free opening the player holds: spent by opening it, once. */
export const freeOpening = z.object({
  id: z.number(),
  source: freeOpenSource,
  expires_at: z.string().nullable(),
  created_at: z.string(),
  case: freeCaseRef,
  price_data: z.object({ currency: z.string(), price: amount, old_price: amount }),
});
export type FreeOpening = z.infer<typeof freeOpening>;

/** How close the player is to the next every-N-th free opening of a case. */
export const freeProgress = z.object({ case: freeCaseRef, every_n: z.number(), opens_to_free: z.number() });

export const freeCasesResponse = z.object({ openings: z.array(freeOpening), progress: z.array(freeProgress) });
export type FreeCasesResponse = z.infer<typeof freeCasesResponse>;

export const freeOpeningParams = z.object({ id: z.coerce.number().int().positive().max(2 ** 53 - 1) });

export { NOTIFICATION_CHANNELS, type NotificationChannel } from '../levels.ts';

/** Where a player wants the "your daily case is ready" message (spec §3 Subscriptions). */
export const dailyNotificationPreferences = z.object({
  email: z.boolean(),
  steam: z.boolean(),
  telegram: z.boolean(),
  vk: z.boolean(),
  push: z.boolean(),
});
export type DailyNotificationPreferences = z.infer<typeof dailyNotificationPreferences>;
export const updateDailyNotificationPreferences = dailyNotificationPreferences.partial().strict();
export const DEFAULT_DAILY_NOTIFICATIONS: DailyNotificationPreferences = { email: false, steam: false, telegram: false, vk: false, push: true };
