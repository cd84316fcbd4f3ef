import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { afterPaintTransform, routerScriptAfterPaint, takeModulePreloads } from '#app/lib/script-priority.server.ts';

const head =
  '<!DOCTYPE html><html lang="ru"><head><link rel="modulepreload" href="/assets/texts.js"/>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n"/><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" fetchpriority="high" href="/assets/x.js"/><link rel="modulepreload" href="/assets/entry.js" nonce="n"/></head>';
// The router's module script as React Router 7 writes it at the end of the shell.
const routerScript =
  ';\nimport * as route0 from "/assets/root.js";\nimport * as route1 from "/assets/home.js";\n' +
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.js","imports":["/assets/frame.js"]}};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"home":route1};\n\nimport("/assets/entry.js");';
const body =
  '<body><p>Кейс «Грёзы»</p><script nonce="n">window.__reactRouterContext = {};</script>' +
  `<script nonce="n" type="module" async="">${routerScript}</script><p>после</p></body></html>`;

/**
 * Runs a module script body as the browser would, with `import()`, the document, paint timing,
 * frames and timers stubbed: `paint()` is the browser's first-contentful-paint entry arriving,
 * `frame()` an animation frame, `timeout()` every timer due.
 */
async function runScript(source: string, opts: { visibility?: 'visible' | 'hidden'; paintEntries?: boolean; paintedAlready?: boolean } = {}) {
  const events: string[] = [];
  const win: Record<string, unknown> = {};
  const listeners = new Set<(e: unknown) => void>();
  const document = {
    visibilityState: opts.visibility ?? 'visible',
    createElement: () => ({}) as { rel?: string; href?: string },
    head: { appendChild: (l: { rel: string; href: string }) => events.push(`${l.rel} ${l.href}`) },
    addEventListener: (type: string, fn: (e: unknown) => void, capture: boolean) => type === 'click' && capture && listeners.add(fn),
    removeEventListener: (type: string, fn: (e: unknown) => void) => type === 'click' && listeners.delete(fn),
  };
  /** A click on an element (inside a link or not) as the page's capturing listeners see it. */
  const elements = new Map<string, FakeElement>();
  const tap = (name: string, inLink = false) => {
    const el = elements.get(name) ?? Object.assign(Object.create(FakeElement.prototype) as FakeElement, { name, inLink, isConnected: true });
    elements.set(name, el);
    const e = { target: el, stopped: false, prevented: false, preventDefault: () => (e.prevented = true), stopPropagation: () => (e.stopped = true) };
    for (const fn of listeners) fn(e);
    return e;
  };
  const fcp = { name: 'first-contentful-paint' };
  const performance = { getEntriesByName: (name: string) => (opts.paintedAlready && name === fcp.name ? [fcp] : []) };
  let observer: ((list: { getEntriesByName(n: string): unknown[] }, seen: { disconnect(): void }) => void) | null = null;
  class PerformanceObserver {
    static supportedEntryTypes = opts.paintEntries === false ? ['navigation'] : ['navigation', 'paint'];
    constructor(cb: typeof observer) {
      observer = cb;
    }
    observe(o: { type: string }) {
      events.push(`watch ${o.type}`);
    }
  }
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const load = (url: string) => {
    events.push(`import ${url}`);
    return Promise.resolve({ url });
  };
  // `import(` and `window.` are the script's only ties to the page.
  const code = source.replaceAll('import(', '__load(').replaceAll('window.', '__win.');
  const run = new Function('document', 'performance', 'PerformanceObserver', 'requestAnimationFrame', 'setTimeout', '__load', '__win', 'Element', `return (async () => {${code}})();`);
  const done = run(
    document,
    performance,
    PerformanceObserver,
    (cb: () => void) => (events.push('wait for a frame'), frames.push(cb)),
    (cb: () => void) => timers.push(cb),
    load,
    win,
    FakeElement,
  ) as Promise<void>;
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    events,
    win,
    done,
    settle,
    paint: () => observer?.({ getEntriesByName: (n) => (n === fcp.name ? [fcp] : []) }, { disconnect: () => events.push('stop watching') }),
    frame: () => frames.splice(0).forEach((f) => f()),
    timeout: () => timers.splice(0).forEach((t) => t()),
    tap,
    clicked,
  };
}

/** What the page's elements were clicked by `click()`, in order. */
const clicked: string[] = [];
class FakeElement {
  name = '';
  inLink = false;
  isConnected = true;
  closest(selector: string) {
    return selector === 'a[href]' && this.inLink ? this : null;
  }
  click() {
    clicked.push(this.name);
  }
}

describe("the page's scripts start after its first paint (issue 19, decision 057)", () => {
  it('takes every module preload out of the head, once each, and leaves style sheets and a preload that set its own priority', () => {
    const { head: rest, hrefs } = takeModulePreloads(head);
    expect(hrefs).toEqual(['/assets/texts.js', '/assets/entry.js']);
    expect(rest).toBe(
      '<!DOCTYPE html><html lang="ru"><head><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" fetchpriority="high" href="/assets/x.js"/></head>',
    );
  });

  it('the router script asks for nothing before the first paint, then preloads every module and imports the routes under their names', async () => {
    const script = routerScriptAfterPaint(routerScript, ['/assets/texts.js', '/assets/entry.js']);
    // No static import is left for the browser to fetch while it parses.
    expect(script).not.toMatch(/import\s+(\*|")/);
    const page = await runScript(script);
    await page.settle();
    // A frame is not a paint: its callbacks run before the frame reaches the screen.
    page.frame();
    await page.settle();
    expect(page.events).toEqual(['watch paint']);
    page.paint();
    await page.done;
    expect(page.events).toEqual([
      'watch paint',
      'stop watching',
      'modulepreload /assets/texts.js',
      'modulepreload /assets/entry.js',
      'import /assets/root.js',
      'import /assets/home.js',
      'import /assets/entry.js',
    ]);
    // The route modules reach the router as it wrote them, each under its route.
    expect(page.win.__reactRouterRouteModules).toEqual({ root: { url: '/assets/root.js' }, home: { url: '/assets/home.js' } });
    expect(page.win.__reactRouterManifest).toEqual({ entry: { module: '/assets/entry.js', imports: ['/assets/frame.js'] } });
  });

  it('a page painted before the script runs, or in a background tab that gets no frames, goes on at once', async () => {
    const painted = await runScript(routerScriptAfterPaint(routerScript, []), { paintedAlready: true });
    await painted.done;
    expect(painted.events).toEqual(['import /assets/root.js', 'import /assets/home.js', 'import /assets/entry.js']);
    const hidden = await runScript(routerScriptAfterPaint(routerScript, []), { visibility: 'hidden' });
    await hidden.done;
    expect(hidden.events).toEqual(['import /assets/root.js', 'import /assets/home.js', 'import /assets/entry.js']);
  });

  it('a browser without paint entries waits for its first frame and the task after it', async () => {
    const page = await runScript(routerScriptAfterPaint(routerScript, []), { paintEntries: false });
    await page.settle();
    expect(page.events).toEqual(['wait for a frame']);
    page.frame();
    await page.settle();
    expect(page.events).toEqual(['wait for a frame']);
    page.timeout();
    await page.done;
    expect(page.events.at(-1)).toBe('import /assets/entry.js');
  });

  it('a page whose paint never comes goes on after the three seconds', async () => {
    const page = await runScript(routerScriptAfterPaint(routerScript, []));
    await page.settle();
    expect(page.events).toEqual(['watch paint']);
    page.timeout();
    await page.done;
    expect(page.events).toEqual(['watch paint', 'import /assets/root.js', 'import /assets/home.js', 'import /assets/entry.js']);
  });

  it('a tap before the page is live is held and given back once it is; a link’s tap is left to the browser; after the entry stops holding, taps pass', async () => {
    clicked.length = 0;
    const page = await runScript(routerScriptAfterPaint(routerScript, []));
    const early = page.tap('register-button');
    expect([early.prevented, early.stopped]).toEqual([true, true]);
    // Tapped again while nothing answered, then another button: each lands once, in order.
    page.tap('register-button');
    page.tap('menu-button');
    const link = page.tap('case-link', true);
    expect([link.prevented, link.stopped]).toEqual([false, false]);
    const taps = page.win.__earlyTaps as { stop(): void; replay(): void };
    // The entry, as it hydrates: React listens from here on.
    taps.stop();
    const later = page.tap('open-case');
    expect([later.prevented, later.stopped]).toEqual([false, false]);
    expect(clicked).toEqual([]);
    // Every part has hydrated (lib/hydration.ts): the held tap lands, once.
    taps.replay();
    taps.replay();
    expect(clicked).toEqual(['register-button', 'menu-button']);
  });

  it('leaves a module script that is not the router’s as it is', () => {
    expect(routerScriptAfterPaint('import "/assets/other.js";', ['/a.js'])).toBe('import "/assets/other.js";');
  });

  it('rewrites the document however the stream cuts it, even inside a character, and passes the rest as it is', async () => {
    const bytes = Buffer.from(head + body);
    // Cut every 7 bytes: the markers and the Cyrillic letters fall across chunks.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    let finished = 0;
    const out = await text(Readable.from(chunks).pipe(afterPaintTransform(() => finished++)));
    const { head: rest, hrefs } = takeModulePreloads(head.slice(0, head.indexOf('</head>')));
    expect(out).toBe(rest + body.replace(routerScript, routerScriptAfterPaint(routerScript, hrefs)).replace(/^/, '</head>'));
    expect(out).toContain('<p>Кейс «Грёзы»</p>');
    expect(out).toContain('<p>после</p></body></html>');
    expect(finished).toBe(1);
  });

  it('lets a document without the router script through whole', async () => {
    const page = '<html><head><link rel="modulepreload" href="/a.js"/></head><body><p>Ошибка</p></body></html>';
    const out = await text(Readable.from([Buffer.from(page)]).pipe(afterPaintTransform(() => undefined)));
    expect(out).toBe(page);
  });
});
