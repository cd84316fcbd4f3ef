import { isMainThread, Worker, workerData } from 'node:worker_threads';
import { openDatabase } from './client.ts';
import { seedCatalogue } from '../modules/cases/seed-catalogue.ts';

/**
 * Creates, migrates and seeds a new PGlite data folder in a worker thread. initdb and the first
 * seed grow PGlite's WebAssembly memory to several hundred MB, and that memory never shrinks;
 * done in a worker, it is handed back to the system when the worker ends, and the serving
 * instance starts small.
 */
export function prepareDataFolder(dir: string, project: 'cs' | 'dota'): Promise<void> {
  return new Promise((resolve, reject) => {
    // The server runs its TypeScript through tsx; the worker registers the same loader before it
    // imports this file (a worker does not inherit the parent's module hooks).
    const tsx = import.meta.resolve('tsx/esm/api');
    const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); });`;
    const worker = new Worker(code, { eval: true, workerData: { dir, project } });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`preparing ${dir} failed (exit ${code})`))));
  });
}

if (!isMainThread && workerData?.dir) {
  const { dir, project } = workerData as { dir: string; project: 'cs' | 'dota' };
  const database = await openDatabase({ dataDir: dir });
  await seedCatalogue(database.db, project);
  await database.close();
}
