import { Transform } from 'node:stream';

/**
 * The page's scripts start after its first paint (issue 19, decisions 055 and 057). React Router
 * preloads every module of the page in the head and imports the route modules from an inline
 * module script at the end of the body: all ~150 KB of brotli script set off with the style sheets
 * and the leading picture, and on a slow phone link they share the line with what the first paint
 * waits for. The page is server-rendered and paints from its HTML and CSS, so nothing it shows
 * needs a script: the preloads leave the head, and the router's script first waits for the first
 * frame, then asks for all the modules at once (the same preloads, added then, so no chain of
 * imports is fetched one after another) and goes on exactly as the router wrote it.
 */

/** A module preload of the head: the whole tag and its address. */
const PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;

/**
 * The head without its module preloads, and their addresses in the order they stood. A preload
 * that sets its own priority stays: someone asked for that module early on purpose.
 */
export function takeModulePreloads(head: string): { head: string; hrefs: string[] } {
  const hrefs: string[] = [];
  const rest = head.replace(PRELOAD, (tag) => {
    const href = HREF.exec(tag)?.[1];
    if (!href || /\bfetchpriority=/.test(tag)) return tag;
    if (!hrefs.includes(href)) hrefs.push(href);
    return '';
  });
  return { head: rest, hrefs };
}

/** React Router's module script: the one that fills `window.__reactRouterRouteModules`. */
const ROUTER_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
/** Its static imports, which the browser would fetch as soon as it parsed them: `import * as route0 from "…";` or `import "…";`. */
const STATIC_IMPORT = /import\s+(?:\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s+)?("[^"\n]+")\s*;?/g;

/**
 * What waits for the first paint: the browser's own word for it, its `first-contentful-paint`
 * entry, which it gives once the frame is on the screen (a frame's callbacks run before it is
 * painted, and on a busy phone its presentation comes later still). A browser that keeps no paint
 * entries waits for its first frame and a task after it; a page in a tab in the background has no
 * frames to wait for, so it goes on at once, as a page did before; and nothing waits longer than
 * three seconds.
 */
const AFTER_FIRST_PAINT = `await new Promise((go) => {
  if (document.visibilityState !== 'visible' || performance.getEntriesByName('first-contentful-paint').length) return go();
  setTimeout(go, 3000);
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return requestAnimationFrame(() => setTimeout(go, 0));
  new PerformanceObserver((list, seen) => { if (list.getEntriesByName('first-contentful-paint').length) { seen.disconnect(); go(); } }).observe({ type: 'paint', buffered: true });
});`;

/**
 * Taps that come before the page is live, kept and given to it once it is (`window.__earlyTaps`).
 * Until `hydrateRoot` runs nothing of React listens, and with the scripts after the first paint
 * that moment lasts a little longer: a tap on a button then would do nothing. A link still
 * follows itself (the browser's own navigation); any other click is held, stopped, and clicked
 * again on the same element once every part of the page has hydrated (lib/hydration.ts): once per
 * element, in the order they came, since a player who taps a button three times while nothing
 * answers meant it once (three taps on the menu button would open and close and open it). The
 * entry stops holding as it hydrates (entry.client.tsx): from then on React answers clicks itself.
 */
const EARLY_TAPS = `const early = [];
const hold = (e) => { if (e.target instanceof Element && !e.target.closest('a[href]')) { early.push(e.target); e.preventDefault(); e.stopPropagation(); } };
document.addEventListener('click', hold, true);
window.__earlyTaps = { stop() { document.removeEventListener('click', hold, true); }, replay() { for (const el of new Set(early.splice(0))) if (el.isConnected) el.click(); } };`;

/**
 * The router's module script, rewritten to import its modules after the first paint: the static
 * imports become one `Promise.all` of dynamic imports under the same names, behind the wait and the
 * preloads; everything after them (the manifest, the route modules, the entry's import) is left as
 * the router wrote it. Answers the body unchanged when it is not the router's script.
 */
export function routerScriptAfterPaint(body: string, preloads: string[]): string {
  const at = body.indexOf('window.__reactRouterRouteModules');
  if (at === -1) return body;
  const cut = body.indexOf('window.', 0);
  const imports = body.slice(0, cut);
  const names: string[] = [];
  const specifiers: string[] = [];
  for (const m of imports.matchAll(STATIC_IMPORT)) {
    names.push(m[1] ?? '');
    specifiers.push(m[2]!);
  }
  const preload = preloads.length
    ? `const preloads = ${JSON.stringify(preloads)};\n` +
      "for (const href of preloads) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; document.head.appendChild(link); }\n"
    : '';
  const load = specifiers.length ? `const [${names.join(', ')}] = await Promise.all([${specifiers.map((s) => `import(${s})`).join(', ')}]);\n` : '';
  return `\n${EARLY_TAPS}\n${AFTER_FIRST_PAINT}\n${preload}${load}${body.slice(cut)}`;
}

/** The longest the part before the router's script can be before it is let through untouched. */
const HOLD_LIMIT = 2 * 1024 * 1024;

/**
 * A pass-through for the rendered HTML: the head loses its module preloads and the router's
 * module script waits for the first paint (`takeModulePreloads`, `routerScriptAfterPaint`). It
 * holds what comes until the router's script is whole (the shell's first write carries the head
 * and the script, which React writes at the end of the shell), then lets everything through as it
 * comes, so whatever streams after the shell is unchanged. A document without the script (an error
 * page of another shape) is let through at its end, or once it passes HOLD_LIMIT, as it came.
 */
export function afterPaintTransform(onFinal: () => void): Transform {
  // Bytes, not text: a chunk may end inside a character; the markers are plain ASCII.
  let pending = Buffer.alloc(0);
  let done = false;
  const rewrite = (html: string): string | null => {
    const headEnd = html.indexOf('</head>');
    if (headEnd === -1) return null;
    ROUTER_SCRIPT.lastIndex = 0;
    let script: RegExpExecArray | null = null;
    for (let m = ROUTER_SCRIPT.exec(html); m; m = ROUTER_SCRIPT.exec(html)) {
      if (m.index > headEnd && m[2]!.includes('window.__reactRouterRouteModules')) {
        script = m;
        break;
      }
    }
    if (!script) return null;
    const { head, hrefs } = takeModulePreloads(html.slice(0, headEnd));
    const [whole, open, body, close] = script;
    const before = html.slice(headEnd, script.index);
    const after = html.slice(script.index + whole.length);
    return head + before + open + routerScriptAfterPaint(body!, hrefs) + close + after;
  };
  return new Transform({
    transform(chunk: Buffer | string, _enc, callback) {
      if (done) return callback(null, chunk);
      pending = Buffer.concat([pending, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
      // The script's end may still be on its way: wait for the closing tag after the router's marker.
      const marker = pending.indexOf('window.__reactRouterRouteModules');
      const close = marker === -1 ? -1 : pending.indexOf('</script>', marker);
      if (close === -1 && pending.length < HOLD_LIMIT) return callback();
      done = true;
      // Text up to the script's end only: the bytes after it may end inside a character.
      const end = close === -1 ? 0 : close + '</script>'.length;
      const rewritten = close === -1 ? null : rewrite(pending.subarray(0, end).toString('utf8'));
      const out = rewritten === null ? pending : Buffer.concat([Buffer.from(rewritten), pending.subarray(end)]);
      pending = Buffer.alloc(0);
      callback(null, out);
    },
    flush(callback) {
      onFinal();
      callback(null, pending.length ? pending : undefined);
    },
  });
}
