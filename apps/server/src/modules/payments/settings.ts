import { DEFAULT_BONUS_LEVELS, type BonusLevel } from '@store/shared/payments/bonus';

/**
 * The store's payment settings until operators keep them in the database (decision 007):
 * bonus levels, the tasty coins a deposit earns, and the welcome-redirect setting of spec §5.
 */
export const BONUS_LEVELS: readonly BonusLevel[] = DEFAULT_BONUS_LEVELS;

/** Tasty coins per 100 GOLD deposited: coins = floor(value × 10 / 100). A blogger offer sets its own. */
export const DEPOSIT_COINS_FACTOR = 10;

/** With the welcome-redirect setting on only `.biz` methods are offered; it is off in this store. */
export const WELCOME_REDIRECT = false;
