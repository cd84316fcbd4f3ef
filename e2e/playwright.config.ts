import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEnv, startFlags } from '../scripts/start-flags.mjs';
import { overlaysDismissed } from './support/overlays.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
// A throw-away data folder per run, shared with the specs so the operator command finds the server.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
process.env.E2E_PREFIXED_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'store-e2e-prefixed-'));
process.env.E2E_STORE_WIDE_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'store-e2e-store-wide-'));
process.env.E2E_DOTA_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'store-e2e-dota-'));
const storeWidePort = port + 2;
const dotaPort = port + 3;
/** The Dota 2 store's specs: they run there alone, and only there. */
const DOTA_SPECS = /dota-[\w-]+\.spec\.ts$/;

/** `npm start`, with its node flags, from this folder. */
const STORE_COMMAND = ['node', ...startFlags(), '../scripts/start.mjs'].join(' ');

/** What every store under test is started with: battles and the sandbox marketplace run quickly. */
const testStoreEnv = (storePort: number, dataDir: string) => ({
  ...startEnv(),
  PORT: String(storePort),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  REDIS_URL: '',
  // A battle round every 1.2 s; the sandbox marketplace's sellers ten times faster than real ones.
  BATTLE_ROUND_MS: '1200',
  TEST_CLOCK: '1',
  VENDOR_SANDBOX_TIME_SCALE: '0.1',
  VENDOR_POLL_MS: '300',
  // The techies game is off in the spec's store (README says how to switch it on); its browser test needs it.
  FLAGS: 'techies:on',
  // Parallel workers sign up many players a minute from one address; the limit itself is
  // tested in the server suite.
  AUTH_RATE_LIMIT: '1000',
  // The server's drawings: there is no internet here. The store with every language under its
  // prefix keeps the default, the real pictures, and art.spec.ts tests their fallback there.
  IMAGE_SOURCE: 'generated',
  // Prices move only when a test asks the console to run the price job (operator-console.spec.ts).
  PRICE_SYNC_MS: '0',
});

export default defineConfig({
  testDir: './specs',
  // Per port, so runs side by side (a second store, a developer's helper) never clear each other's results.
  outputDir: `./artifacts/results-${port}`,
  // Per test: the longest scenarios (a season task to a coin case, the core loop, the provably-fair
  // check) take screenshots at several widths between long animations, and three browsers share
  // two cores; every wait inside has its own condition and timeout.
  timeout: 300_000,
  expect: { timeout: 15_000 },
  // Files run side by side in several browsers against one store; every test makes its own players.
  // Tests tagged @store-wide (helpers.ts STORE_WIDE) change what everyone sees (the clock, a flag,
  // tech-work) or count on what everyone does (a leaderboard, the drop ribbon), so they run one at
  // a time on a store of their own, beside the others rather than after them: the two stores share
  // nothing, and the operator command finds each by its data folder (the project's metadata).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  projects: [
    { name: 'players', grepInvert: /@store-wide/, testIgnore: DOTA_SPECS, metadata: { dataDir: process.env.E2E_DATA_DIR } },
    {
      name: 'store-wide',
      grep: /@store-wide/,
      testIgnore: DOTA_SPECS,
      workers: 1,
      metadata: { dataDir: process.env.E2E_STORE_WIDE_DATA_DIR },
      use: { baseURL: `http://127.0.0.1:${storeWidePort}`, storageState: overlaysDismissed(`http://127.0.0.1:${storeWidePort}`) },
    },
    // The Dota 2 variant (PROJECT=dota): its own catalogue, season and words, on a store of its own.
    {
      name: 'dota',
      testMatch: DOTA_SPECS,
      metadata: { dataDir: process.env.E2E_DOTA_DATA_DIR },
      use: { baseURL: `http://127.0.0.1:${dotaPort}`, storageState: overlaysDismissed(`http://127.0.0.1:${dotaPort}`) },
    },
  ],
  retries: 0,
  // A `test.only` left in a spec would run that one test and report the suite green.
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? './artifacts/report.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    storageState: overlaysDismissed(`http://127.0.0.1:${port}`),
    screenshot: 'only-on-failure',
    // Players who asked for reduced motion: the store stops its decorative loops (glows, floats,
    // shimmer) for them, which otherwise keep every headless browser compositing at 60 frames a
    // second and took most of CI's processor. The roulette, the wheel and the reels are transitions
    // every player gets, so the suspense checks still watch them run; core-loop.spec.ts plays at
    // full motion. E2E_MOTION=full runs everything at full motion.
    // A first visit, before the service worker takes over: it would run every fetch of every page
    // through its script, a tenth of CI's processor. pwa.spec.ts lets it in and proves it.
    serviceWorkers: 'block',
    reducedMotion: process.env.E2E_MOTION === 'full' ? 'no-preference' : 'reduce',
    // Recording a trace costs every test an eighth more processor; CI keeps only what it prints, so
    // it records none (E2E_TRACE=retain-on-failure brings them back for a failure to study).
    trace: (process.env.E2E_TRACE ?? (process.env.CI ? 'off' : 'retain-on-failure')) as 'off' | 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: [
    {
      command: STORE_COMMAND,
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: testStoreEnv(port, process.env.E2E_DATA_DIR),
    },
    // The store the @store-wide tests have to themselves.
    {
      command: STORE_COMMAND,
      url: `http://127.0.0.1:${storeWidePort}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: testStoreEnv(storeWidePort, process.env.E2E_STORE_WIDE_DATA_DIR),
    },
    // The Dota 2 store (dota-*.spec.ts). Its pictures are the server's drawings like the other test
    // stores': the catalogue's real ones are on Steam's CDN, out of reach here, and each would wait
    // for its host to fail before the drawing replaced it; the words scan reads the addresses the
    // pages are given either way.
    {
      command: STORE_COMMAND,
      url: `http://127.0.0.1:${dotaPort}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: { ...testStoreEnv(dotaPort, process.env.E2E_DOTA_DATA_DIR), PROJECT: 'dota' },
    },
    // A store with every language under its prefix (LOCALE_PREFIX=always): locale-prefix.spec.ts.
    // Playwright starts the servers one after the other, so a first start's web build happens once.
    {
      command: STORE_COMMAND,
      url: `http://127.0.0.1:${port + 1}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: {
        ...startEnv(),
        PORT: String(port + 1),
        DATA_DIR: process.env.E2E_PREFIXED_DATA_DIR,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        REDIS_URL: '',
        LOCALE_PREFIX: 'always',
      },
    },
  ],
});
