import { defineConfig } from 'vitest/config';
import root from './vitest.config';

// Stryker's vitest runner cannot pick a project, so mutation runs load only the `shared` one.
const shared = (root.test?.projects ?? []).filter((p) => typeof p === 'object' && 'test' in p && p.test?.name === 'shared');

export default defineConfig({ test: { projects: shared } });
