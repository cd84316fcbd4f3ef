import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { playerTexts } from '#app/lib/i18n-all.ts';
import { mergeTexts, type Texts } from '#app/lib/i18n.ts';
import ruFrame from '#app/locales/ru/ru-texts.ts';
import enFrame from '#app/locales/en/en-texts.ts';
import ruPage from '#app/locales/ru/ru-page-texts.ts';
import enPage from '#app/locales/en/en-page-texts.ts';

/**
 * The main page loads only the frame's texts before hydrating (decision 041). Whatever the frame
 * and the main page import statically renders there at once, so every text key they name must be
 * in the frame's texts, in both languages; a missing one would show as its key on the main page.
 */
const app = fileURLToPath(new URL('../app/', import.meta.url));
const ENTRIES = ['root.tsx', 'routes/layout.tsx', 'routes/main-page-layout.tsx', 'routes/home.tsx'];
const frames = { ru: ruFrame as Texts, en: enFrame as Texts };
const pages = { ru: ruPage as Texts, en: enPage as Texts };

const isTree = (v: unknown): v is Texts => v !== null && typeof v === 'object';
const at = (texts: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (isTree(node) ? node[part] : undefined), texts);
const leaves = (obj: unknown, prefix = ''): string[] =>
  isTree(obj) ? Object.entries(obj).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k)) : [prefix];

// Comments name keys in prose; a `//` after a colon is part of an address, not a comment.
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/.*$/gm, '$1');

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('#app/')
    ? path.join(app, spec.slice(5))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null; // a library
  return [base, `${base}.ts`, `${base}.tsx`].find((f) => existsSync(f) && statSync(f).isFile()) ?? null;
}

/** The modules reachable from the entries by static imports and re-exports; `import()` and type-only imports load nothing there. */
function staticGraph(entries: string[]): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    seen.add(file);
    for (const [, spec] of code(file).matchAll(/(?:^|[;\n])\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g)) {
      const target = resolveImport(file, spec!);
      if (target) walk(target);
    }
  };
  entries.forEach(walk);
  return [...seen];
}

/** Text keys named in a module: whole literals (`'nav.menu'`), and template literals' fixed starts (`` `nav.${key}` `` names all of `nav.`). */
function keysIn(file: string, tops: Set<string>): { keys: string[]; prefixes: string[] } {
  const src = code(file);
  const known = (k: string) => tops.has(k.split('.')[0]!);
  const keys = [...src.matchAll(/(['"`])([A-Za-z]\w*(?:\.[\w-]+)+)\1/g)].map((m) => m[2]!).filter(known);
  const prefixes = [...src.matchAll(/`([A-Za-z]\w*(?:\.[\w-]*)+)\$\{/g)].map((m) => m[1]!).filter(known);
  return { keys: [...new Set(keys)], prefixes: [...new Set(prefixes)] };
}

/** A text as the frame must hold it: a leaf, or a plural's forms (`key_one`, `key_other` and the language's others). */
function textOf(texts: Texts, key: string): unknown {
  if (typeof at(texts, key) === 'string') return at(texts, key);
  const [base, last] = [key.slice(0, key.lastIndexOf('.')), key.slice(key.lastIndexOf('.') + 1)];
  const parent = at(texts, base);
  const forms = isTree(parent) ? Object.entries(parent).filter(([k]) => /^(.+)_(zero|one|two|few|many|other)$/.exec(k)?.[1] === last) : [];
  return forms.some(([k]) => k === `${last}_one`) && forms.some(([k]) => k === `${last}_other`) ? Object.fromEntries(forms) : undefined;
}

/** What is missing from the frame's texts for a key: nothing, or why. */
function missing(frame: Texts, whole: Texts, key: string): string | null {
  // A key naming a group of texts (a function adds the rest) needs all of the group.
  const full = isTree(at(whole, key)) ? at(whole, key) : textOf(whole, key);
  if (full === undefined) return 'no such text';
  const held = isTree(at(whole, key)) ? at(frame, key) : textOf(frame, key);
  return JSON.stringify(held) === JSON.stringify(full) ? null : 'missing';
}

/** What is missing for a template's fixed start: every text it can reach, whole (`shell.highlights.`, or `levels.level` for `levels.level…`). */
function missingUnder(frame: Texts, whole: Texts, prefix: string): string | null {
  const dot = prefix.lastIndexOf('.');
  const [base, start] = [prefix.slice(0, dot), prefix.slice(dot + 1)];
  const found = at(whole, base);
  const node: Texts = isTree(found) ? found : {};
  const reached = Object.keys(node).filter((k) => k.startsWith(start));
  if (reached.length === 0) return 'no such texts';
  const short = reached.filter((k) => JSON.stringify(at(frame, `${base}.${k}`)) !== JSON.stringify(node[k]));
  return short.length ? `not all of it: ${short.map((k) => `${base}.${k}`).join(', ')}` : null;
}

describe('the frame’s texts', () => {
  const files = staticGraph(ENTRIES.map((f) => path.join(app, f)));
  const tops = new Set(Object.keys(playerTexts.ru));

  it('the import walk reaches the frame (a sanity check of the walk itself)', () => {
    const rel = files.map((f) => path.relative(app, f));
    for (const f of [
      ...ENTRIES,
      'components/layout/header.tsx',
      'components/layout/footer.tsx',
      'lib/alert-codes.ts',
      'features/cases/components/case-card.tsx',
    ])
      expect(rel).toContain(f);
    // Dynamically imported parts stay out: they load the pages' texts with their chunk (lib/lazy-part.tsx).
    expect(rel).not.toContain('features/auth/components/login-dialog.tsx');
    expect(rel).not.toContain('components/layout/guide-dialog.tsx');
  });

  it.each(['ru', 'en'] as const)('hold every text the frame and the main page name, in %s', (lang) => {
    const problems: string[] = [];
    for (const file of files) {
      const { keys, prefixes } = keysIn(file, tops);
      const where = path.relative(app, file);
      for (const key of keys) {
        const why = missing(frames[lang], playerTexts[lang], key);
        if (why) problems.push(`${where}: '${key}' (${why})`);
      }
      for (const prefix of prefixes) {
        const why = missingUnder(frames[lang], playerTexts[lang], prefix);
        if (why) problems.push(`${where}: \`${prefix}\${…}\` (${why})`);
      }
    }
    // Move a text named here to locales/<lang>/frame.json, under the same key (decision 041).
    expect(problems).toEqual([]);
  });

  it.each(['ru', 'en'] as const)('with the pages’ texts make up every players’ text file in %s, none lost, none in both', (lang) => {
    const frameKeys = leaves(frames[lang]);
    const pageKeys = new Set(leaves(pages[lang]));
    expect(frameKeys.filter((k) => pageKeys.has(k))).toEqual([]);
    // Every file of the folder but the console's is in one of the two, and no spread dropped a key of another file.
    const dir = path.join(app, 'locales', lang);
    const fromFiles = readdirSync(dir)
      .filter((f) => f.endsWith('.json') && f !== 'admin.json')
      .flatMap((f) => leaves(JSON.parse(readFileSync(path.join(dir, f), 'utf8'))));
    const merged = leaves(mergeTexts(frames[lang], pages[lang]));
    expect(new Set(fromFiles).size).toBe(fromFiles.length);
    expect(merged.sort()).toEqual(fromFiles.sort());
    expect(leaves(playerTexts[lang]).sort()).toEqual(merged);
  });

  it('are a small part of the whole: the main page fetches them alone', () => {
    for (const lang of ['ru', 'en'] as const)
      expect(JSON.stringify(frames[lang]).length).toBeLessThan(JSON.stringify(playerTexts[lang]).length / 4);
  });
});
