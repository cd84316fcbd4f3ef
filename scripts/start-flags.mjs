import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The root package.json's start script, where the store's runtime settings are set (decisions 088 and 091). */
function startScript() {
  const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8'));
  return pkg.scripts.start.split(/\s+/);
}

/**
 * The node flags `npm start` runs the store with: the root package.json's start script is where
 * they are set (decision 088), and the image's command repeats them (start-flags.test.ts). Whatever
 * starts the store for a test, a check or a measurement passes them too, so it runs as an
 * operator's does.
 */
export function startFlags() {
  return startScript().filter((arg) => arg.startsWith('--'));
}

/**
 * The environment the start script sets before node (`NAME=value` ahead of it): the C library's
 * settings, which a running process can no longer change (decision 091). The image's `ENV` repeats
 * them, and whatever starts the store with `startFlags()` adds these to its environment.
 */
export function startEnv() {
  const env = /** @type {Record<string, string>} */ ({});
  for (const word of startScript()) {
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(word);
    if (!assignment) break; // the command itself: what follows are its arguments
    env[assignment[1]] = assignment[2];
  }
  return env;
}
