// `npm test`: every suite, in the order a failure is cheapest to see.
//   1. shared domain rules (pure, fast)
//   2. the web app's pure logic (formatting, selection limits, locale paths; no DOM, fast)
//   3. the server suite on embedded PostgreSQL (PGlite), no Redis, as the Dota 2 store
//   4. the server suite again on a PostgreSQL server and Redis, as the CS2 store: DATABASE_URL and
//      REDIS_URL, or the local defaults when something listens there. This is the run that sees races.
//   Each variant of the store (PROJECT) runs the whole server suite, and each database runs it
//   once: the variant changes the catalogue, seeds and words, the database the SQL and the races,
//   and neither depends on the other (decision 080). The browser tests run both stores.
//   5. the browser tests in Chromium against a started store
// It ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'store-test-report-'));
const totals = { passed: 0, failed: 0 };
let failedPhases = [];

const reachable = (port) =>
  new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1' });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.setTimeout(1000, () => (s.destroy(), resolve(false)));
  });

const timings = [];
// Every failed test with the first lines of its error, printed last: CI keeps only the tail of
// what a run prints, and a long browser report would push the reasons out of it.
const failures = [];
const plain = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
const firstLines = (text, n = 6) =>
  plain(text)
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, n)
    .map((l) => `      ${l.trim().slice(0, 240)}`)
    .join('\n');

function collectFailures(phase, report) {
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') failures.push(`  [${phase}] ${path.relative(root, file.name)} › ${t.fullName}\n${firstLines(t.failureMessages?.join('\n'))}`);
    }
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const last = t.results?.at(-1);
        if (t.status === 'unexpected' && last) {
          const where = last.error?.location ? ` (${path.basename(last.error.location.file)}:${last.error.location.line})` : '';
          failures.push(`  [${phase}] ${spec.file}:${spec.line} › ${spec.title}${where}\n${firstLines(last.error?.message ?? last.errors?.[0]?.message)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
}

function run(name, cmd, args, env, reportFile) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${name} ${Math.round((Date.now() - started) / 1000)} s`);
  if (reportFile && existsSync(reportFile)) {
    const r = JSON.parse(readFileSync(reportFile, 'utf8'));
    totals.passed += r.numPassedTests ?? r.stats?.expected ?? 0;
    totals.failed += r.numFailedTests ?? r.stats?.unexpected ?? 0;
    collectFailures(name, r);
  }
  if (res.status !== 0) failedPhases.push(name);
}

const vitest = (project, report) => ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];

run('shared rules', 'npx', vitest('shared', path.join(tmp, 'shared.json')), {}, path.join(tmp, 'shared.json'));
run('web logic', 'npx', vitest('web', path.join(tmp, 'web.json')), {}, path.join(tmp, 'web.json'));
run('server on PGlite (Dota 2 store)', 'npx', vitest('server', path.join(tmp, 'pglite.json')), { DATABASE_URL: '', REDIS_URL: '', PROJECT: 'dota' }, path.join(tmp, 'pglite.json'));

const pgUrl = process.env.DATABASE_URL || ((await reachable(5432)) ? 'postgres://postgres@127.0.0.1:5432/postgres' : '');
const redisUrl = process.env.REDIS_URL || ((await reachable(6379)) ? 'redis://127.0.0.1:6379' : '');
if (pgUrl) {
  run(`server on PostgreSQL${redisUrl ? ' and Redis' : ''} (CS2 store)`, 'npx', vitest('server', path.join(tmp, 'pg.json')), { DATABASE_URL: pgUrl, REDIS_URL: redisUrl, PROJECT: 'cs' }, path.join(tmp, 'pg.json'));
} else {
  console.log('\n━━ server on PostgreSQL: not run, no DATABASE_URL and nothing on 127.0.0.1:5432 ━━');
}
// On a laptop a missing PostgreSQL, Redis or Chromium leaves their tests out; in CI it is a
// failure, so a run that never saw the races cannot say "all phases green".
const ci = process.env.CI === 'true' || process.env.CI === '1';
if (ci && !pgUrl) failedPhases.push('PostgreSQL (CI needs DATABASE_URL)');
if (ci && !redisUrl) failedPhases.push('Redis (CI needs REDIS_URL)');

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(chromium) && process.env.SKIP_E2E !== '1') {
  run('browser tests (Chromium)', 'npm', ['run', 'test', '-w', '@store/e2e'], { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(tmp, 'e2e.json') }, path.join(tmp, 'e2e.json'));
} else {
  console.log(`\n━━ browser tests: not run, no Chromium at ${chromium} (apt-get install chromium) ━━`);
  if (ci) failedPhases.push(`browser tests (CI needs Chromium at ${chromium})`);
}

// What each phase took: CI has a budget, and this says where it goes.
if (failures.length) console.log(`\nfailed tests:\n${failures.join('\n')}`);
console.log(`\n${timings.join(' · ')}`);
console.log(`\n${failedPhases.length ? `failed phases: ${failedPhases.join(', ')}` : 'all phases green'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedPhases.length ? 1 : 0);
