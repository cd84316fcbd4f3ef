import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';
// PostgreSQL's own binaries (initdb, pg_ctl, pg_basebackup): PG_BIN, or the newest Debian install.
const PG_BIN =
  process.env.PG_BIN ??
  (existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => `/usr/lib/postgresql/${v}/bin`)[0]
    : undefined);
const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The web app's pure logic (formatting, selection limits, locale paths), run without a DOM.
        resolve: { alias: [{ find: /^#app\//, replacement: fileURLToPath(new URL('./apps/web/app/', import.meta.url)) }] },
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          // Tests of several processes on one Redis bus need Redis, and *.pg tests need a PostgreSQL
          // server's concurrency; the PGlite run has neither, so it leaves them out.
          exclude: [
            ...(process.env.REDIS_URL ? [] : ['apps/server/test/**/*.redis.test.ts']),
            ...(process.env.DATABASE_URL ? [] : ['apps/server/test/**/*.pg.test.ts']),
            // Several processes behind nginx and PgBouncer need both, and those two (CI installs them; a laptop may not have them).
            ...(process.env.DATABASE_URL && process.env.REDIS_URL && ((existsSync(NGINX) && existsSync(PGBOUNCER)) || process.env.CI)
              ? []
              : ['apps/server/test/**/*.cluster.test.ts']),
            // Tests that start PostgreSQL clusters of their own (a primary with its standby, a restored
            // backup) need PostgreSQL's binaries (CI's machine has them), and run in the PostgreSQL run only.
            ...(process.env.DATABASE_URL && ((PG_BIN && existsSync(`${PG_BIN}/pg_basebackup`)) || process.env.CI)
              ? []
              : ['apps/server/test/read-replica.test.ts', 'apps/server/test/pg-restore-drill.test.ts']),
            // The Caddyfile read by Caddy itself (CI installs it).
            ...(existsSync(CADDY) || process.env.CI ? [] : ['apps/server/test/**/*.caddy.test.ts']),
          ],
          environment: 'node',
          globalSetup: ['apps/server/test/helpers/global-setup.ts'],
          pool: 'forks',
          // Two files at a time: vitest's default on two cores is one, yet a server test waits on
          // its database and child processes much of the time (every file has its own database
          // and Redis prefix, every server process its own port). CI's two server runs went from
          // 469 + 421 s to 306 + 275 s.
          maxWorkers: 2,
          // Each worker keeps its loaded modules from one file to the next: importing the server's
          // modules again for each of the 72 files was about a third of a run (PostgreSQL run 260 s
          // → 183 s). Every file still gets its own database, Redis prefix and stores
          // (helpers/test-app.ts); no server test mocks a module, and the one that fakes the clock
          // gives it back in a finally.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
