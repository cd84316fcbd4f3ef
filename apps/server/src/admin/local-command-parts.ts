/**
 * What the operator command needs only when it runs a command itself, on the database (a store
 * on PostgreSQL, or a stopped store's data folder). cli.ts loads it on that path alone: most
 * commands go to the running store over loopback, and loading the database, the catalogue and the
 * push service for them cost every such command a second and a half of processor.
 */
export { openDatabase } from '../db/client.ts';
export { seedCatalogue } from '../modules/catalogue/seed-catalogue.ts';
export { runAdminCommand } from './commands.ts';
export { openPushSender } from '../modules/push/push-service.ts';
export { projects } from '../config/projects.ts';
export { publishToRedisBus } from '../realtime/bus.ts';
export { redisPlace } from '../platform/redis-link.ts';
export { SESSIONS_CHANNEL } from '../modules/auth/session-cache.ts';
export { SWITCHES_CHANNEL } from '../modules/platform/switches.ts';
