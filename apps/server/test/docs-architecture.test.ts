import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../src/platform/paths.ts';

/**
 * docs/ARCHITECTURE.md is what a newcomer reads first: one short line per part, the details in a
 * README beside the code. These checks keep it that way as parts are added: no line grows into
 * a wall of text, every module and feature folder explains itself, and no link leads nowhere.
 */
const architecturePath = path.join(repoRoot, 'docs/ARCHITECTURE.md');
const architecture = readFileSync(architecturePath, 'utf8');

const foldersOf = (dir: string) =>
  readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(dir, entry.name));

describe('docs/ARCHITECTURE.md', () => {
  it('has no line over 300 characters', () => {
    const long = architecture
      .split('\n')
      .map((line, index) => ({ line: index + 1, length: line.length }))
      .filter(({ length }) => length > 300);
    expect(long).toEqual([]);
  });

  it('links only to files that exist', () => {
    const targets = [...architecture.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
      .map((target) => target.split('#')[0]!);
    expect(targets.length).toBeGreaterThan(0);
    const missing = targets.filter(
      (target) => !existsSync(path.resolve(path.dirname(architecturePath), target)),
    );
    expect(missing).toEqual([]);
  });

  it('has a README.md in every server module and web feature folder', () => {
    const folders = [...foldersOf('apps/server/src/modules'), ...foldersOf('apps/web/app/features')];
    expect(folders.length).toBeGreaterThan(0);
    const without = folders.filter((folder) => !existsSync(path.join(repoRoot, folder, 'README.md')));
    expect(without).toEqual([]);
  });
});
