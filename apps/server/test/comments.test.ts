import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../src/platform/paths.ts';

/**
 * A comment says why the code is as it is. An issue's number says where someone once read why, in a
 * tracker a reader may not have and that the code outlives; the reason itself belongs in the
 * comment. This scans every tracked source file of the apps, the shared package, the browser
 * tests and the scripts for a comment that cites an issue number instead.
 */
const SOURCE = /\.(?:[cm]?[jt]sx?|css|sql|sh)$/;
// "issue" or "issues" and a number (with or without "#"), a "#" and a number in brackets, "GH-" and a number.
const CITATION = /\bissues? ?#?\d+|\(#\d+\)|\bGH-\d+/i;
// Block comments, and line comments: // in code, -- in SQL, # in shell scripts.
const COMMENT = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|(?<=^|\s)--[^\n]*/gm;
const SHELL_COMMENT = /(?<=^|\s)#(?!!)[^\n]*/gm;

const files = execFileSync('git', ['ls-files', 'apps', 'packages', 'e2e', 'scripts'], { cwd: repoRoot, encoding: 'utf8' })
  .split('\n')
  // Applied migrations are history: a database records each one as it was, so their text stays.
  .filter((file) => SOURCE.test(file) && !file.startsWith('apps/server/drizzle/'));

describe('comments', () => {
  it('say the reason, never an issue number', () => {
    expect(files.length).toBeGreaterThan(100);
    const citing = files.flatMap((file) => {
      const text = readFileSync(path.join(repoRoot, file), 'utf8');
      return [...text.matchAll(file.endsWith('.sh') ? SHELL_COMMENT : COMMENT)]
        .filter((m) => CITATION.test(m[0]))
        .map((m) => `${file}:${text.slice(0, m.index).split('\n').length}: ${CITATION.exec(m[0])![0]}`);
    });
    expect(citing).toEqual([]);
  });
});
