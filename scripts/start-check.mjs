// `node scripts/start-check.mjs`: `npm start` as a new operator runs it, with whatever Node runs
// this script (CI runs it on the machine's own Node as well as on Node 24): the store starts on a
// fresh embedded database, serves its main page (GET and HEAD) and its API, stops cleanly on
// SIGTERM, and says nothing on the way that an operator would have to look into: no warning or
// error line, no deprecation notice, and a start log that fits on one screen ending with the
// banner (where the store is and which services are sandboxes). Exits 1 on anything else.
// The web build must exist (the browser tests make it); this checks the store, not the build.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEnv, startFlags } from './start-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
/** One screen of a terminal. */
const ONE_SCREEN = 24;

const port = await new Promise((resolve, reject) => {
  const s = net.createServer();
  s.once('error', reject);
  s.listen(0, '127.0.0.1', () => {
    const { port: p } = s.address();
    s.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-start-check-'));
const problems = [];
let output = '';

const child = spawn(process.execPath, [...startFlags(), 'scripts/start.mjs'], {
  cwd: root,
  // A fresh operator's environment: none of the test suites' settings, an empty data folder.
  env: { ...startEnv(), PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), DATA_DIR: dataDir, ...(process.env.WEB_BUILD_DIR ? { WEB_BUILD_DIR: process.env.WEB_BUILD_DIR } : {}) },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));
const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

const base = `http://127.0.0.1:${port}`;
const until = Date.now() + 120_000;
let up = false;
while (!up && Date.now() < until && child.exitCode === null) {
  up = await fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (!up) await new Promise((r) => setTimeout(r, 250));
}

if (!up) {
  problems.push('the store did not answer /api/health within 120 s');
} else {
  const page = await fetch(`${base}/`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('data-testid="main-page"')) problems.push(`GET / answered ${page.status} without the main page`);
  const head = await fetch(`${base}/`, { method: 'HEAD' });
  const headBody = await head.arrayBuffer();
  if (head.status !== 200 || !head.headers.get('content-type')?.includes('text/html') || headBody.byteLength !== 0) {
    problems.push(`HEAD / answered ${head.status} ${head.headers.get('content-type')} with ${headBody.byteLength} bytes`);
  }
  const cases = await fetch(`${base}/api/v2/case/sections/with-cases`);
  if (cases.status !== 200) problems.push(`GET /api/v2/case/sections/with-cases answered ${cases.status}`);
  // The banner is the start's last line; wait for it before stopping.
  const bannerBy = Date.now() + 10_000;
  while (!/store on http/.test(output) && Date.now() < bannerBy) await new Promise((r) => setTimeout(r, 100));
}
const startLog = output;
child.kill('SIGTERM');
const stopped = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 20_000))]);
if (!stopped) {
  child.kill('SIGKILL');
  problems.push('the store did not stop within 20 s of SIGTERM');
} else if (stopped.code !== 0) {
  problems.push(`the store exited ${stopped.code ?? stopped.signal} on SIGTERM`);
}

const lines = startLog.split('\n').filter((l) => l.trim());
const level = (l) => {
  try {
    return JSON.parse(l).level ?? 30;
  } catch {
    return null;
  }
};
for (const l of lines) {
  const lvl = level(l);
  if ((lvl !== null && lvl >= 40) || /deprecat|EBADENGINE|ExperimentalWarning|\bwarn(ing)?\b/i.test(l)) problems.push(`a line to look into: ${l.slice(0, 300)}`);
}
const bannerAt = lines.findIndex((l) => /store on http/.test(l));
if (up && bannerAt < 0) problems.push('no start banner ("store on …")');
if (bannerAt >= ONE_SCREEN) problems.push(`the start log runs to ${bannerAt + 1} lines before the banner; one screen is ${ONE_SCREEN}`);

rmSync(dataDir, { recursive: true, force: true });
console.log(`Node ${process.version}: ${lines.length} lines of start log${bannerAt >= 0 ? `, the banner: ${JSON.parse(lines[bannerAt]).msg}` : ''}`);
if (problems.length) {
  // The whole output, the stop's lines too: a stop that ends in code 1 says why there.
  console.log(`start check FAILED:\n  ${problems.join('\n  ')}\n--- the store's output ---\n${output}`);
  process.exit(1);
}
console.log('start check: the store started, served and stopped cleanly');
