/**
 * Runs `run` once the browser is idle (at the latest after `timeoutMs`), in a task of its own;
 * returns what cancels it. The work a page does right after hydration (experiments, the page view,
 * the SEO table) otherwise runs in the same long task as every other first effect, and a phone sits
 * unresponsive through all of it (the total blocking time of docs/performance.md).
 */
export function whenIdle(run: () => void, timeoutMs = 5_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, Math.min(timeoutMs, 2_000));
  return () => clearTimeout(id);
}
