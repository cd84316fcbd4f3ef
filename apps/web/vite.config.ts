import { reactRouter } from '@react-router/dev/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { buildIdPlugin } from './app/lib/build-id-plugin.ts';

export default defineConfig({
  plugins: [reactRouter(), buildIdPlugin()],
  // `#app/lib/api.ts` instead of `../../../lib/api.ts` (the same alias is in tsconfig.json and the web test project).
  resolve: { alias: [{ find: /^#app\//, replacement: fileURLToPath(new URL('./app/', import.meta.url)) }] },
  // The shared package ships TypeScript sources; bundle them into the server build too.
  ssr: { noExternal: ['@store/shared'] },
  build: { target: 'es2022' },
});
