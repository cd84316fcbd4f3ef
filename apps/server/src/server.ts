import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { dataDir, parseEnv, type Env } from './config/env.ts';
import { prepareDeployment } from './config/deployment.ts';
import { openDatabase } from './db/client.ts';
import { prepareDataFolder } from './db/prepare-data-folder.ts';
import { readRunningServer, removeServerFile, writeServerFile } from './platform/server-file.ts';
import { listenFailure, reachDatabase, StartUpError } from './platform/start-up.ts';
import { startBanner } from './platform/start-banner.ts';

/** Starts the store: one process for API, websocket and the server-rendered web app. */
async function main() {
  let env: Env;
  let dir: string;
  try {
    env = parseEnv();
    dir = dataDir(env);
    mkdirSync(dir, { recursive: true });
    env = prepareDeployment(env, dir);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  if (!env.DATABASE_URL) {
    const other = readRunningServer(dir);
    if (other) {
      console.error(`The data folder ${dir} is in use by the store running as pid ${other.pid} on port ${other.port}.`);
      process.exit(1);
    }
  }
  const pgliteDir = path.join(dir, 'pglite');
  if (!env.DATABASE_URL && !existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    await prepareDataFolder(pgliteDir, env.PROJECT);
  }
  // A database started alongside the store (compose, a reboot) may take a while to listen.
  if (env.DATABASE_URL) await reachDatabase(env.DATABASE_URL, env.DATABASE_CONNECT_TIMEOUT_S);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    replicaUrl: env.DATABASE_REPLICA_URL,
    replicaMaxLagSeconds: env.DATABASE_REPLICA_MAX_LAG_S,
    dataDir: pgliteDir,
    poolSize: env.DATABASE_POOL_SIZE,
    // Without its database the store can only refuse; exiting lets a supervisor start it again,
    // and PostgreSQL's recovery brings the data folder back to its last commit.
    onDatabaseLost: (err) => {
      console.error(`the embedded database stopped: ${err.message}`);
      removeServerFile(dir);
      process.exit(1);
    },
  });
  const adminToken = randomBytes(24).toString('hex');
  const app = await buildApp({ env, database, web: true, adminToken });
  // The last line of defence: whatever a handler, timer or listener failed to catch is logged
  // and the store goes on serving. Each part catches its own errors; this only keeps one
  // overlooked path from taking every player's connection down.
  process.on('uncaughtException', (err) => app.log.error({ err }, 'uncaught error; the store goes on'));
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection; the store goes on'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A close that hangs must not keep the process: say so, so a stop that ends in code 1 has its reason in the log.
    const timer = setTimeout(() => {
      app.log.error({ signal }, 'the store did not close within 10 s; it stops now');
      process.exit(1);
    }, 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      removeServerFile(dir);
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (err) {
    const known = listenFailure(err, env.HOST, env.PORT);
    if (!known) throw err;
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw known;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  writeServerFile(dir, { pid: process.pid, port, adminToken });
  const { msg, ...banner } = startBanner(env, { port, database: database.kind, replica: Boolean(env.DATABASE_REPLICA_URL) });
  app.log.info(banner, msg);
}

main().catch((err) => {
  // A known reason is one line naming the setting; anything else keeps its stack for the report.
  console.error(err instanceof StartUpError ? err.message : err);
  process.exit(1);
});
