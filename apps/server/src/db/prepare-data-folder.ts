import { spawn } from 'node:child_process';
import path from 'node:path';
import { bundled, serverRoot } from '../platform/paths.ts';

// The child's entry: its own file in the bundle, the TypeScript module (with this process's tsx
// flags) from the sources.
const childEntry = bundled ? path.join(serverRoot, 'dist/prepare-data-folder.mjs') : path.join(serverRoot, 'src/db/prepare-data-folder.main.ts');

/**
 * Creates, migrates and seeds a new PGlite data folder in a child process. initdb and the first
 * seed grow PGlite's WebAssembly memory by several hundred MB, and that memory never shrinks;
 * when the child exits it all goes back to the system, and the serving process starts small.
 */
export function prepareDataFolder(dir: string, project: 'cs' | 'dota'): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, childEntry, dir, project], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`preparing ${dir} failed (exit ${code})`))));
  });
}
