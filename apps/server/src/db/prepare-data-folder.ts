import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './client.ts';
import { seedCatalogue } from '../modules/cases/seed-catalogue.ts';

const self = fileURLToPath(import.meta.url);

/**
 * Creates, migrates and seeds a new PGlite data folder in a child process. initdb and the first
 * seed grow PGlite's WebAssembly memory by several hundred MB, and that memory never shrinks;
 * when the child exits it all goes back to the system, and the serving process starts small.
 */
export function prepareDataFolder(dir: string, project: 'cs' | 'dota'): Promise<void> {
  return new Promise((resolve, reject) => {
    // The same node flags (the tsx loader among them) as this process.
    const child = spawn(process.execPath, [...process.execArgv, self, dir, project], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`preparing ${dir} failed (exit ${code})`))));
  });
}

if (process.argv[1] === self) {
  const [dir, project] = process.argv.slice(2) as [string, 'cs' | 'dota'];
  const database = await openDatabase({ dataDir: dir });
  await seedCatalogue(database.db, project);
  await database.close();
}
