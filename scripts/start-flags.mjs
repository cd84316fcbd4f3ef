import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The node flags `npm start` runs the store with: the root package.json's start script is where
 * they are set (decision 088), and the image's command repeats them (start-flags.test.ts). Whatever
 * starts the store for a test, a check or a measurement passes them too, so it runs as an
 * operator's does.
 */
export function startFlags() {
  const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8'));
  return pkg.scripts.start.split(/\s+/).filter((arg) => arg.startsWith('--'));
}
