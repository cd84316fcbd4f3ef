import { DEFAULT_BONUS_LEVELS, type BonusLevel } from '@store/shared/payments/bonus';

/**
 * The store's payment settings until operators keep them in the database (decision 007):
 * bonus levels and the tasty coins a deposit earns. The welcome-redirect setting of spec §5 is the
 * deployment's WELCOME_REDIRECT (config/env.ts), read by the routes.
 */
export const BONUS_LEVELS: readonly BonusLevel[] = DEFAULT_BONUS_LEVELS;

/** Tasty coins per 100 GOLD deposited: coins = floor(value × 10 / 100). A blogger offer sets its own. */
export const DEPOSIT_COINS_FACTOR = 10;
