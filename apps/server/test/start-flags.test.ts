import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEnv, startFlags } from '../../../scripts/start-flags.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

// Allocates short-lived objects as a busy server does, then says how large the young generation grew (MB).
const CHURN = `
const v8 = require('node:v8');
let keep = [];
for (let i = 0; i < 6e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 2e5) keep = []; }
process.stdout.write(String(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576));
`;

// Keeps 500,000 objects for good (a server's code and caches), then serves 64 "requests" at a time,
// each holding its objects long enough to outlive the young generation, as an opening in flight
// does under load. Says what the old generation held first and the most it grew to (MB).
const PROMOTED_CHURN = `
const v8 = require('node:v8');
const old = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space');
const kept = [];
for (let i = 0; i < 5e5; i++) kept.push({ i, s: 'kept' + i });
const base = old().space_used_size;
const inFlight = new Array(64).fill(null);
let peak = 0;
for (let i = 0; i < 20000; i++) {
  const req = [];
  for (let j = 0; j < 600; j++) req.push({ j, s: 'k' + j + ':' + i });
  inFlight[i % 64] = req;
  if (i % 100 === 0) peak = Math.max(peak, old().space_size);
}
process.stdout.write(JSON.stringify({ base: base / 1048576, peak: peak / 1048576, kept: kept.length }));
`;

describe('the node flags and settings the store runs with (decisions 088 and 091)', () => {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

  it('the image runs the server with the flags npm start gives it', () => {
    const cmd = [...dockerfile.matchAll(/^CMD (\[.*\])\s*$/gm)].at(-1)?.[1];
    expect(JSON.parse(cmd!)).toEqual(['node', ...startFlags(), 'apps/server/dist/server.mjs']);
  });

  it('the image sets the C library settings npm start sets', () => {
    expect(startEnv()).toEqual({ MALLOC_ARENA_MAX: '2' });
    const env = [...dockerfile.matchAll(/^ENV (.*)$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/));
    for (const [name, value] of Object.entries(startEnv())) expect(env).toContain(`${name}=${value}`);
  });

  it('a process started with them lets its old generation grow to less than two and a half times what it keeps, under objects that outlive the young generation', () => {
    // Without --heap-growing-percent, Node 24 let it grow to more than five times (decision 091).
    const { base, peak, kept } = JSON.parse(execFileSync(process.execPath, [...startFlags(), '-e', PROMOTED_CHURN]).toString());
    expect(kept).toBe(500_000);
    expect(base).toBeGreaterThan(10);
    expect(peak).toBeLessThan(2.5 * base);
  });

  it('a process started with them keeps its young generation within 32 MB under a stream of short-lived objects', () => {
    // Without them, Node 24 on a machine with memory to spare lets it grow to 128 MB (docs/performance.md).
    const grown = Number(execFileSync(process.execPath, [...startFlags(), '-e', CHURN]).toString());
    expect(grown).toBeGreaterThan(0);
    expect(grown).toBeLessThanOrEqual(32);
  });
});
