// Probe: trace a page load until hydration and sum the main thread's events by name.
import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3310';
const paths = (process.env.PATHS ?? '/').split(',');
const cpu = Number(process.env.CPU ?? 1);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const p of paths) {
  for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 780 }, reducedMotion: 'reduce', locale: 'ru-RU' });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    const events = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink,loading', transferMode: 'ReportEvents' });
    const t0 = Date.now();
    await page.goto(base + p, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 60000 });
    const hyd = Date.now() - t0;
    await page.waitForTimeout(500);
    await cdp.send('Tracing.end');
    await done;
    const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
    let best = null;
    for (const key of mains) {
      const xs = events.filter((e) => `${e.pid}:${e.tid}` === key && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
      const self = new Map();
      const stack = [];
      let total = 0;
      for (const e of xs) {
        while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
        if (stack.length) { const parent = stack.at(-1); self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur); } else total += e.dur;
        self.set(e.name, (self.get(e.name) ?? 0) + e.dur);
        stack.push(e);
      }
      if (!best || total > best.total) best = { total, self };
    }
    const list = [...best.self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 22).map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}`);
    const total = best.total;
    const dom = await page.evaluate(() => document.getElementsByTagName('*').length);
    console.log(`${p} round ${round}: hydrated at ${hyd} ms, tasks ${(total / 1000).toFixed(0)} ms, elements ${dom}\n  ${list.join('\n  ')}`);
    await ctx.close();
  }
}
await browser.close();
