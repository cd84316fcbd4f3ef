/*
 * The payment settings an admin edits (countries, methods, limits, bonus levels, the tasty coins a
 * deposit earns) are data since decision 076: payment-settings.ts serves the version in force. The
 * welcome-redirect setting of spec §5 is the deployment's WELCOME_REDIRECT (config/env.ts).
 */

/**
 * The reconciliation of orders that never heard back (decision 072): a pending order older than
 * `afterMinutes` (its callback is late, not merely slow) and younger than `withinHours` (an older
 * one was abandoned; its callback still credits if it ever comes) is looked up every `everyMinutes`.
 */
export const RECONCILE = { afterMinutes: 10, withinHours: 48, everyMinutes: 5, batch: 100 } as const;
