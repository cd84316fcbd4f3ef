/**
 * Every table of the store, for Drizzle's typed client and drizzle-kit. Each module owns its
 * tables in `modules/<name>/schema.ts`; nothing outside `db/` imports this file (lint).
 */
export * from '../modules/users/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/wallet/schema.ts';
export * from '../modules/provably-fair/schema.ts';
export * from '../modules/inventory/schema.ts';
export * from '../modules/platform/schema.ts';
export * from '../modules/upgrades/schema.ts';
export * from '../modules/contracts/schema.ts';
export * from '../modules/payments/schema.ts';
export * from '../modules/offers/schema.ts';
export * from '../modules/battles/schema.ts';
export * from '../modules/catalogue/schema.ts';
export * from '../modules/cases/schema.ts';
export * from '../modules/activity/schema.ts';
export * from '../modules/levels/schema.ts';
export * from '../modules/leaderboards/schema.ts';
export * from '../modules/techies/schema.ts';
export * from '../modules/missions/schema.ts';
export * from '../modules/mail/schema.ts';
export * from '../modules/notifications/schema.ts';
export * from '../modules/push/schema.ts';
export * from '../modules/pwa/schema.ts';
export * from '../modules/operators/schema.ts';
export * from '../modules/pricing/schema.ts';
