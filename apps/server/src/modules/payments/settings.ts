import { DEFAULT_BONUS_LEVELS, type BonusLevel } from '@store/shared/payments/bonus';

/**
 * The store's payment settings until operators keep them in the database (decision 007):
 * bonus levels and the tasty coins a deposit earns. The welcome-redirect setting of spec §5 is the
 * deployment's WELCOME_REDIRECT (config/env.ts), read by the routes.
 */
export const BONUS_LEVELS: readonly BonusLevel[] = DEFAULT_BONUS_LEVELS;

/** Tasty coins per 100 GOLD deposited: coins = floor(value × 10 / 100). A blogger offer sets its own. */
export const DEPOSIT_COINS_FACTOR = 10;

/**
 * The reconciliation of orders that never heard back (decision 072): a pending order older than
 * `afterMinutes` (its callback is late, not merely slow) and younger than `withinHours` (an older
 * one was abandoned; its callback still credits if it ever comes) is looked up every `everyMinutes`.
 */
export const RECONCILE = { afterMinutes: 10, withinHours: 48, everyMinutes: 5, batch: 100 } as const;
