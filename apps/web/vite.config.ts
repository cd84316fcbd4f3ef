import { reactRouter } from '@react-router/dev/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { buildIdPlugin } from './app/lib/build-id-plugin.ts';
import { frameChunk } from './app/lib/frame-chunk.ts';
import { precompressPlugin } from './app/lib/precompress-plugin.ts';

const app = fileURLToPath(new URL('./app/', import.meta.url));

export default defineConfig({
  plugins: [reactRouter(), buildIdPlugin(), precompressPlugin()],
  // `#app/lib/api.ts` instead of `../../../lib/api.ts` (the same alias is in tsconfig.json and the web test project).
  resolve: { alias: [{ find: /^#app\//, replacement: app }] },
  // The shared package ships TypeScript sources; bundle them into the server build too.
  ssr: { noExternal: ['@store/shared'] },
  build: {
    target: 'es2022',
    // The report of slow plugin callbacks: the slow ones are known (the brotli copies at their
    // highest quality, decision 042; React Router's route transforms), and on shared cores it came
    // and went with the machine's load. `node --cpu-prof` profiles a build when one is needed.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  environments: {
    client: {
      build: {
        // What the root and the default layout import, nearly every page loads: one chunk in the browser (lib/frame-chunk.ts).
        rolldownOptions: { output: { codeSplitting: { groups: [frameChunk([`${app}root.tsx`, `${app}routes/layout.tsx`])] } } },
      },
    },
    ssr: {
      build: {
        // The server build imports every route module, so a module a route imports is in it however
        // another imports it: the lazy imports are for the browser, whose build keeps this check.
        rolldownOptions: { checks: { ineffectiveDynamicImport: false } },
      },
    },
  },
});
