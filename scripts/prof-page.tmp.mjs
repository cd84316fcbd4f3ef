// Probe: a JS CPU profile of a page load until hydration, summed by self time per function and per script.
import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3310';
const p = process.env.PAGE_PATH ?? '/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const agg = new Map(), byUrl = new Map();
let samplesTotal = 0;
for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 780 }, reducedMotion: 'reduce', locale: 'ru-RU' });
  const page = await ctx.newPage();
  await page.goto(base + '/robots.txt');
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(base + p, { waitUntil: 'load' });
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 60000 });
  await page.waitForTimeout(300);
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = new Map();
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  for (const [id, us] of dt) {
    const n = byId.get(id);
    const f = n.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    samplesTotal += us;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
    agg.set(key, (agg.get(key) ?? 0) + us);
    const u = f.url.split('/').pop() || f.functionName;
    byUrl.set(u, (byUrl.get(u) ?? 0) + us);
  }
  await ctx.close();
}
const rounds = Number(process.env.ROUNDS ?? 3);
console.log(`busy JS+GC per load ${(samplesTotal / rounds / 1000).toFixed(0)} ms`);
for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${(v / rounds / 1000).toFixed(1)} ms  ${k}`);
console.log('functions:');
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 30))) console.log(`  ${(v / rounds / 1000).toFixed(1)} ms  ${k}`);
await browser.close();
