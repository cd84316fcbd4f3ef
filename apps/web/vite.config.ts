import { reactRouter } from '@react-router/dev/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { buildIdPlugin } from './app/lib/build-id-plugin.ts';
import { frameChunk } from './app/lib/frame-chunk.ts';
import { precompressPlugin } from './app/lib/precompress-plugin.ts';

const app = fileURLToPath(new URL('./app/', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), buildIdPlugin(), precompressPlugin()],
  // `#app/lib/api.ts` instead of `../../../lib/api.ts` (the same alias is in tsconfig.json and the web test project).
  resolve: { alias: [{ find: /^#app\//, replacement: app }] },
  // The shared package ships TypeScript sources; bundle them into the server build too.
  ssr: { noExternal: ['@store/shared'] },
  build: {
    target: 'es2022',
    // What the root and the default layout import, nearly every page loads: one chunk in the browser (lib/frame-chunk.ts).
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [frameChunk([`${app}root.tsx`, `${app}routes/layout.tsx`])] } } },
  },
}));
