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

/** Runs a module script body as the browser would, with `import()`, a document and frames stubbed. */
async function runScript(source: string, opts: { visibility: 'visible' | 'hidden' }) {
  const events: string[] = [];
  const win: Record<string, unknown> = {};
  const document = {
    visibilityState: opts.visibility,
    createElement: () => ({}) as { rel?: string; href?: string },
    head: { appendChild: (l: { rel: string; href: string }) => events.push(`${l.rel} ${l.href}`) },
  };
  let frame: (() => void) | null = null;
  const requestAnimationFrame = (cb: () => void) => {
    events.push('wait for a frame');
    frame = cb;
  };
  const load = (url: string) => {
    events.push(`import ${url}`);
    return Promise.resolve({ url });
  };
  // `import(` and `window.` are the script's only ties to the page.
  const code = source.replaceAll('import(', '__load(').replaceAll('window.', '__win.');
  const run = new Function('document', 'requestAnimationFrame', 'setTimeout', '__load', '__win', `return (async () => {${code}})();`);
  const done = run(document, requestAnimationFrame, (cb: () => void) => cb(), load, win) as Promise<void>;
  return { events, win, done, paint: () => frame?.() };
}

describe("the page's scripts start after its first paint (issue 19, decision 057)", () => {
  it('takes every module preload out of the head, once each, and leaves style sheets and a preload that set its own priority', () => {
    const { head: rest, hrefs } = takeModulePreloads(head);
    expect(hrefs).toEqual(['/assets/texts.js', '/assets/entry.js']);
    expect(rest).toBe(
      '<!DOCTYPE html><html lang="ru"><head><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" fetchpriority="high" href="/assets/x.js"/></head>',
    );
  });

  it('the router script asks for nothing before the first frame, then preloads every module and imports the routes under their names', async () => {
    const script = routerScriptAfterPaint(routerScript, ['/assets/texts.js', '/assets/entry.js']);
    // No static import is left for the browser to fetch while it parses.
    expect(script).not.toMatch(/import\s+(\*|")/);
    const page = await runScript(script, { visibility: 'visible' });
    await Promise.resolve();
    expect(page.events).toEqual(['wait for a frame']);
    page.paint();
    await page.done;
    expect(page.events).toEqual([
      'wait for a frame',
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

  it('a page in a background tab, which gets no frames, goes on at once', async () => {
    const page = await runScript(routerScriptAfterPaint(routerScript, []), { visibility: 'hidden' });
    await page.done;
    expect(page.events).toEqual(['import /assets/root.js', 'import /assets/home.js', 'import /assets/entry.js']);
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
