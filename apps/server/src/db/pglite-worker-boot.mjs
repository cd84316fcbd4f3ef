// The database thread's entry. A worker thread does not inherit the main thread's TypeScript
// loader, so this registers tsx here before loading the worker's module.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
