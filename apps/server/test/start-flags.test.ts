import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFlags } from '../../../scripts/start-flags.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

// Allocates short-lived objects as a busy server does, then says how large the young generation grew (MB).
const CHURN = `
const v8 = require('node:v8');
let keep = [];
for (let i = 0; i < 6e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 2e5) keep = []; }
process.stdout.write(String(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576));
`;

describe('the node flags the store runs with (decision 088)', () => {
  it('the image runs the server with the flags npm start gives it', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const cmd = [...dockerfile.matchAll(/^CMD (\[.*\])\s*$/gm)].at(-1)?.[1];
    expect(JSON.parse(cmd!)).toEqual(['node', ...startFlags(), 'apps/server/dist/server.mjs']);
  });

  it('a process started with them keeps its young generation within 16 MB under a stream of short-lived objects', () => {
    // Without them, Node 24 on a machine with memory to spare lets it grow to 128 MB (docs/performance.md).
    const grown = Number(execFileSync(process.execPath, [...startFlags(), '-e', CHURN]).toString());
    expect(grown).toBeGreaterThan(0);
    expect(grown).toBeLessThanOrEqual(16);
  });
});
