import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../src/platform/paths.ts';

/**
 * docs/decisions holds one record per decision, and its README indexes them. A record without a
 * status leaves the reader guessing whether it still holds, and a record missing from the index
 * is one nobody finds: these checks keep both true as records are added and superseded.
 */
const folder = path.join(repoRoot, 'docs/decisions');
const index = readFileSync(path.join(folder, 'README.md'), 'utf8');

/** Each record: its number, the title of its first line, and its `Status:` text before the first section. */
const records = readdirSync(folder)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort()
  .map((file) => {
    const text = readFileSync(path.join(folder, file), 'utf8');
    const title = /^# *(\d{3}) *(?:—|:|-) *(.+)$/m.exec(text.split('\n')[0]!);
    const header = text.split('\n## ')[0]!;
    // The status runs to the end of its paragraph; wrapped lines are one text.
    const status = /Status: *((?:.|\n(?!\n))*)/.exec(header)?.[1]?.replace(/\s+/g, ' ').trim().replace(/\.$/, '') ?? null;
    return { file, number: file.slice(0, 3), heading: title?.[1] ?? null, title: title?.[2]?.trim() ?? null, status };
  });

/** The index's rows: `| NNN | [title](file) | status |`, with `\|` for a bar inside a cell. */
const rows = new Map(
  [...index.matchAll(/^\| (\d{3}) \| \[((?:[^\]\\]|\\.)+)\]\(([^)]+)\) \| ((?:[^|\\]|\\.)+) \|$/gm)].map((m) => [
    m[3]!,
    { number: m[1]!, title: m[2]!.replace(/\\\|/g, '|'), status: m[4]!.replace(/\\\|/g, '|').trim() },
  ]),
);

describe('docs/decisions', () => {
  it('has records, each numbered in its file name and its first line', () => {
    expect(records.length).toBeGreaterThan(60);
    expect(records.filter((r) => r.heading !== r.number || !r.title).map((r) => r.file)).toEqual([]);
    expect(new Set(records.map((r) => r.number)).size).toBe(records.length);
  });

  it('gives every record a status', () => {
    expect(records.filter((r) => !r.status).map((r) => r.file)).toEqual([]);
  });

  it('names only records that exist as what superseded or changed a record', () => {
    const numbers = new Set(records.map((r) => r.number));
    const unknown = records.flatMap((r) =>
      [...(r.status ?? '').matchAll(/\b(?:superseded|amended|extended|set aside|restored)(?: in part)? by (\d{3})/g)]
        .map((m) => m[1]!)
        .filter((n) => !numbers.has(n))
        .map((n) => `${r.file}: ${n}`),
    );
    expect(unknown).toEqual([]);
  });

  it('indexes every record in the README with its title and its status, and nothing else', () => {
    const expected = records.map((r) => [r.file, { number: r.number, title: r.title, status: r.status }]);
    expect([...rows.entries()]).toEqual(expected);
  });
});
