// `npm run lighthouse`: Lighthouse's four categories for the main page in Russian and English and
// for the case, battles, upgrades and a player's profile pages, on a phone and on a desktop, each
// run's performance beside a baseline measured in the same run: the
// same Chromium, throttling and machine scoring a bare static page (the floor this machine allows),
// and the previous run's figures when there are any. Performance is a figure to read, never a
// test: only SEO and best practices (which do not depend on the machine's speed) fail the command.
//
//   npm run lighthouse                          starts the store on a throwaway data folder
//   npm run lighthouse -- --url http://host:port uses a store that runs already
//
// WEB_BUILD_DIR and LIGHTHOUSE_PORT (3290) move the build and the port the started store uses.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startEnv, startFlags } from './start-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The categories that must be whole on the main page (the issue's definition of done). */
const REQUIRED = ['best-practices', 'seo'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
const LAST_RUN = path.join(os.tmpdir(), 'case-store-lighthouse-last.json');

const urlArg = process.argv.indexOf('--url');
const given = urlArg > 0 ? process.argv[urlArg + 1] : process.env.LIGHTHOUSE_URL;

async function waitForHealth(base, child) {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode} before answering`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the store did not answer /api/health within 4 minutes');
}

/** The store on a throwaway data folder, as the browser tests start it. */
async function startStore() {
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 3290);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-lighthouse-'));
  const child = spawn(process.execPath, [...startFlags(), path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    // The drawings, not the real pictures: the image host is out of this machine's reach, and a
    // page that tries it first measures the failure (IMAGE_SOURCE=remote in the environment overrides).
    env: { IMAGE_SOURCE: 'generated', ...process.env, ...startEnv(), PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child);
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
    /** Runs the operator command (`npm run admin`) against this store's data. */
    async admin(args) {
      await new Promise((resolve, reject) => {
        const cli = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/admin/cli.ts'), ...args], {
          cwd: root,
          stdio: ['ignore', 'ignore', 'inherit'],
          env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
        });
        cli.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`admin ${args[0]} exited with ${code}`))));
      });
    },
  };
}

/** The floor: a static page of one heading and one paragraph, served from this process. */
async function startBaseline() {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Baseline</title><meta name="description" content="A static page that measures what this machine and its Chromium allow."></head>' +
    '<body style="font-family:sans-serif;background:#0f1119;color:#eef1fa"><h1>Baseline</h1><p>A static page of the same run.</p></body></html>';
  const server = createServer((req, res) => {
    res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.url === '/' ? html : '');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((r) => server.close(r)) };
}

/**
 * A signed-in page: the session cookie goes into the browser's own jar. Sent as an extra header it
 * was lost as soon as the page set a cookie of its own (the viewport's): the jar's cookies then
 * replace the header, and the page went on signed out. The jar keeps what Lighthouse's reset would
 * clear, so the cache and the site's other data are cleared here first, as Lighthouse does.
 */
async function signedIn(chrome, url, flags, config, token) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    const origin = new URL(url).origin;
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await cdp.send('Network.setCookie', { name: 'tastyToken', value: encodeURIComponent(token), url: origin, httpOnly: true, sameSite: 'Lax' });
    try {
      return await lighthouse(url, { ...flags, disableStorageReset: true }, config, page);
    } finally {
      // Lighthouse's own reset leaves cookies: the pages measured next are a guest's again.
      await cdp.send('Network.clearBrowserCookies');
      await page.close();
    }
  } finally {
    await browser.disconnect();
  }
}

async function audit(chrome, url, formFactor, token) {
  const config = formFactor === 'desktop' ? desktopConfig : undefined;
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
  const run = () => (token ? signedIn(chrome, url, flags, config, token) : lighthouse(url, flags, config));
  let lhr = (await run()).lhr;
  // A run that never painted (a busy machine) says nothing about the page: it is run once more.
  if (lhr.runtimeError) lhr = (await run()).lhr;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const metrics = Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.numericValue ?? NaN]));
  const failing = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c].auditRefs) {
      const a = lhr.audits[ref.id];
      // Performance's metrics are the figures above; its advice is listed when it costs a point.
      if (
        !a ||
        a.score === null ||
        a.score >= (c === 'performance' ? 0.9 : 1) ||
        a.scoreDisplayMode === 'informative' ||
        a.scoreDisplayMode === 'notApplicable'
      )
        continue;
      if (c === 'performance' && METRICS.includes(a.id)) continue;
      // Where on the page, for the categories a fix can make whole: the first few elements named.
      const where =
        c === 'performance'
          ? []
          : (a.details?.items ?? [])
              .slice(0, 3)
              .map((i) => (i.node ? `${i.node.snippet} at ${i.node.selector}` : (i.href ?? i.url ?? i.text ?? '')))
              .filter(Boolean);
      failing.push({ category: c, id: a.id, title: a.title, display: a.displayValue ?? '', where });
    }
  }
  return {
    scores,
    metrics,
    failing,
    warnings: [...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []), ...lhr.runWarnings],
  };
}

/**
 * The pages measured: the main page in both languages (whose SEO and best practices must be
 * whole), and the pages a visitor reaches next: a case, the battles, the upgrades, the contracts,
 * the top-up (a guest's: the sign-in it asks for) and a player's public profile (of a player
 * registered for it). On a store this script started, also what a signed-in player sees: the
 * top-up with its methods, and a battle of their own waiting for a rival (the battle page with its
 * live channel), after an operator's grant paid for it.
 */
async function pagesOf(base, admin) {
  const sections = await fetch(`${base}/api/v2/case/sections/with-cases?main=1`).then((r) => r.json());
  const cases = sections.data.flatMap((s) => s.cases);
  const first = cases[0].slug;
  const post = (pathname, body, token) =>
    fetch(base + pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const player = await post('/api/v1/auth/registration/quick', {});
  const pages = [
    { name: 'main', lang: 'ru', pathname: '/' },
    { name: 'main', lang: 'en', pathname: '/en' },
    { name: 'case', lang: 'ru', pathname: `/open/${first}` },
    { name: 'battles', lang: 'ru', pathname: '/battles' },
    { name: 'upgrades', lang: 'ru', pathname: '/upgrades' },
    { name: 'contract', lang: 'ru', pathname: '/contract' },
    { name: 'refill', lang: 'ru', pathname: '/refill' },
    { name: 'profile', lang: 'ru', pathname: `/profile/${player.data?.user_id ?? 1}` },
  ];
  if (!admin || !player.data) return pages;
  const token = player.data.access_token;
  await admin(['grant', '--login', player.data.login, '--amount', '1000']);
  const cheap = cases
    .filter((c) => c.available && c.price_data.currency === 'GOLD')
    .sort((a, b) => a.price_data.price - b.price_data.price)[0];
  const battle = await post('/api/battles/battles', { mode: '1v1', cases: [{ slug: cheap.slug, count: 1 }] }, token);
  pages.push({ name: 'refill-in', lang: 'ru', pathname: '/refill', token });
  if (battle.data?.battle_ulid) pages.push({ name: 'battle', lang: 'ru', pathname: `/battles/${battle.data.battle_ulid}`, token });
  else console.log(`! no battle to measure: ${JSON.stringify(battle.error ?? battle)}`);
  return pages;
}

const fmtMs = (v) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '—');
const fmtMetrics = (m) =>
  `FCP ${fmtMs(m['first-contentful-paint'])} · LCP ${fmtMs(m['largest-contentful-paint'])} · TBT ${fmtMs(m['total-blocking-time'])} · CLS ${Number.isFinite(m['cumulative-layout-shift']) ? m['cumulative-layout-shift'].toFixed(3) : '—'} · SI ${fmtMs(m['speed-index'])}`;

const store = given ? { base: given.replace(/\/+$/, ''), stop: async () => undefined } : await startStore();
const baseline = await startBaseline();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const previous = existsSync(LAST_RUN) ? JSON.parse(readFileSync(LAST_RUN, 'utf8')) : {};
const results = {};
let missing = false;
try {
  const pages = await pagesOf(store.base, store.admin);
  console.log(`lighthouse: ${store.base}, ${os.cpus().length} cores, node ${process.version}, Chromium at ${chrome.port}\n`);
  for (const formFactor of ['mobile', 'desktop']) {
    const floor = await audit(chrome, `${baseline.base}/`, formFactor);
    console.log(
      `${formFactor.padEnd(8)} baseline static page   perf ${String(floor.scores.performance).padStart(3)}   ${fmtMetrics(floor.metrics)}`,
    );
    for (const { name, lang, pathname, token } of pages) {
      const key = name === 'main' ? `${formFactor} ${lang}` : `${formFactor} ${name} ${lang}`;
      const r = await audit(chrome, store.base + pathname, formFactor, token);
      results[key] = { scores: r.scores, metrics: r.metrics };
      const s = r.scores;
      const before = previous[key]?.scores?.performance;
      console.log(
        `${formFactor.padEnd(8)} ${`${name} ${pathname}`.padEnd(24)} (${lang})  perf ${String(s.performance).padStart(3)}  a11y ${String(s.accessibility).padStart(3)}  best-practices ${String(s['best-practices']).padStart(3)}  seo ${String(s.seo).padStart(3)}` +
          `   ${fmtMetrics(r.metrics)}   (perf ${s.performance - floor.scores.performance >= 0 ? '+' : ''}${s.performance - floor.scores.performance} against the baseline${before === undefined ? '' : `, ${before} in the previous run`})`,
      );
      for (const f of r.failing) {
        console.log(`           ✗ ${f.category}: ${f.id} — ${f.title}${f.display ? ` (${f.display})` : ''}`);
        for (const w of f.where) console.log(`               ${w.slice(0, 160)}`);
      }
      for (const w of r.warnings) console.log(`           ! ${w}`);
      if (name === 'main' && REQUIRED.some((c) => s[c] < 100)) missing = true;
    }
  }
  writeFileSync(LAST_RUN, JSON.stringify(results, null, 2));
} finally {
  await chrome.kill();
  await baseline.stop();
  await store.stop();
}
if (missing) {
  console.log(`\n${REQUIRED.join(' and ')} must be 100 on the main page in both languages`);
  process.exit(1);
}
