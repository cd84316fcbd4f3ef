import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const app = path.resolve(import.meta.dirname, '../app');
const cssFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? cssFiles(path.join(dir, e.name)) : e.name.endsWith('.css') ? [path.join(dir, e.name)] : []));
const css = cssFiles(app)
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n')
  .replace(/\/\*[\s\S]*?\*\//g, '');

/** Each @keyframes by name: the properties its frames set. */
function keyframes(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const m of css.matchAll(/@keyframes\s+([\w-]+)\s*\{((?:[^{}]*\{[^{}]*\})*)\s*\}/g)) {
    const props = new Set([...m[2]!.matchAll(/([\w-]+)\s*:/g)].map((p) => p[1]!));
    found.set(m[1]!, props);
  }
  return found;
}

/** The names of the animations that never stop (`infinite`), wherever they are declared. */
const endless = () => new Set([...css.matchAll(/animation:\s*([\w-]+)[^;}]*\binfinite\b/g)].map((m) => m[1]!));

describe('animations that never stop cost no repaint', () => {
  it('finds the store’s keyframes and its endless loops', () => {
    expect(keyframes().size).toBeGreaterThan(10);
    expect(endless()).toContain('pulse');
    expect(endless()).toContain('shimmer');
  });

  it('moves only transform and opacity, which the compositor draws without the main thread', () => {
    // A loop that animates a shadow, a background or a size repaints the page every frame for as
    // long as it runs: on a phone, main-thread time taken from the page and its battery.
    const frames = keyframes();
    const costly = [...endless()].flatMap((name) => [...(frames.get(name) ?? ['(no @keyframes)'])].filter((p) => p !== 'transform' && p !== 'opacity').map((p) => `${name}: ${p}`));
    expect(costly).toEqual([]);
  });
});
